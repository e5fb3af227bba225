export {
  FrostReportConsole,
  type FrostReportConsoleProps,
} from './components/frost-report-console.tsx';
