export { WaterConsentsPanel } from './components/water-consents-panel.tsx';
