// Built by the area module pages (irrigation, telemetry, weather, add-ons) task: this placeholder only proves the route.
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx';

export function Component() {
  return <PlaceholderPage titleKey="Module.Title" />;
}
