import { CONFIG_BANNER } from '@paddock/domain';

/** The red banner of spec §8 shown when the application configuration cannot be used. */
export function ConfigErrorBanner({ message }: { message: string }) {
  return (
    <div role="alert" className="config-error-banner">
      <strong>{CONFIG_BANNER}</strong>
      <p>{message}</p>
    </div>
  );
}
