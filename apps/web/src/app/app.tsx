import { APP_VERSION, type AppConfig } from '@paddock/domain';
import { useEffect, useState } from 'react';
import { loadAppConfig } from '../lib/app-config.ts';
import { ConfigErrorBanner } from './config-error-banner.tsx';

type StartUp =
  | { phase: 'loading' }
  | { phase: 'ready'; config: AppConfig }
  | { phase: 'failed'; message: string };

/**
 * The console shell. Start-up follows spec §4: load and validate the app config first; on
 * failure show the red banner instead of the console. Sign-in, routing and the pages arrive
 * with the web console issue.
 */
export function App() {
  const [startUp, setStartUp] = useState<StartUp>({ phase: 'loading' });

  useEffect(() => {
    let cancelled = false;
    void loadAppConfig().then((result) => {
      if (cancelled) return;
      setStartUp(
        result.ok
          ? { phase: 'ready', config: result.config }
          : { phase: 'failed', message: result.message },
      );
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (startUp.phase === 'failed') return <ConfigErrorBanner message={startUp.message} />;

  return (
    <div className="shell">
      <header className="shell-header">
        <h1>Paddock</h1>
      </header>
      <main className="shell-main" aria-busy={startUp.phase === 'loading'}>
        <p>Irrigation, frost protection and field telemetry.</p>
        {startUp.phase === 'ready' && (
          <p data-testid="environment">Environment: {startUp.config.environment}</p>
        )}
      </main>
      <footer className="shell-footer">Version {APP_VERSION}</footer>
    </div>
  );
}
