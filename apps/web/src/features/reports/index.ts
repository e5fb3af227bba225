export { ReportsView } from './components/reports-view.tsx';
