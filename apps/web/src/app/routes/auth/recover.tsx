// Built by the sign-in screens task: this placeholder only proves the route.
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx';

export function Component() {
  return <PlaceholderPage titleKey="Recover.Title" />;
}
