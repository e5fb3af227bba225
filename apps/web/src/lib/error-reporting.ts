/**
 * Error reporting (§4 start-up, §9): Bugsnag with its React plugin, only where the environment
 * reports errors (testing, staging, production) and a key is set. Loaded on demand so it never
 * weighs on the first load in development. Sessions are not tracked: only errors are sent.
 */
import {
  APP_VERSION,
  BUGSNAG_REACT_PLUGIN_MISSING,
  isErrorReportingOn,
  type AppConfig,
} from '@paddock/domain';
import type BugsnagClient from '@bugsnag/js';
import React, { type ComponentType, type ReactNode } from 'react';

export type ErrorBoundary = ComponentType<{ children?: ReactNode }>;

type BugsnagStartOptions = Exclude<Parameters<(typeof BugsnagClient)['start']>[0], string>;
/** The React plugin's published type lacks `load`, which the client's Plugin type requires. */
type BugsnagPlugin = NonNullable<BugsnagStartOptions['plugins']>[number];

let notifyError: ((error: unknown) => void) | null = null;

/** Starts Bugsnag when the config asks for it; resolves to its React error boundary, or null. */
export async function startErrorReporting(config: AppConfig): Promise<ErrorBoundary | null> {
  if (!isErrorReportingOn(config.environment) || config.bugsnagApiKey.trim() === '') return null;
  try {
    const [{ default: Bugsnag }, { default: BugsnagPluginReact }] = await Promise.all([
      import('@bugsnag/js'),
      import('@bugsnag/plugin-react'),
    ]);
    Bugsnag.start({
      apiKey: config.bugsnagApiKey,
      plugins: [new BugsnagPluginReact() as unknown as BugsnagPlugin],
      releaseStage: config.environment,
      appVersion: APP_VERSION,
      autoTrackSessions: false,
    });
    notifyError = (error) =>
      Bugsnag.notify(error instanceof Error ? error : new Error(String(error)));
    const plugin = Bugsnag.getPlugin('react');
    if (!plugin) {
      console.error(BUGSNAG_REACT_PLUGIN_MISSING);
      return null;
    }
    return plugin.createErrorBoundary(React) as ErrorBoundary;
  } catch (error) {
    console.error(error);
    return null;
  }
}

/** Reports an error that was handled but should not have happened (e.g. init failure, §8). */
export function reportError(error: unknown): void {
  console.error(error);
  notifyError?.(error);
}
