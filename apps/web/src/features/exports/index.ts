export { FrostReportConsole } from './components/frost-report-console.tsx';
