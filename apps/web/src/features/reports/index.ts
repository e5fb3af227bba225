export { ReportsView, type ReportsViewProps } from './components/reports-view.tsx';
