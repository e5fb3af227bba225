import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '../entities/app-config.ts';
import { validateAppConfig } from './app-config.ts';
import { firstErrorMessage } from './result.ts';

const good = {
  environment: 'production',
  bugsnagApiKey: 'abc123',
  apiBaseUrl: 'https://api.paddock.nz',
  awsRegion: 'ap-southeast-2',
};

describe('§5/§8 app config: valid environment, error-reporting key, apiBaseUrl, awsRegion, non-empty', () => {
  it.each(['development', 'testing', 'staging', 'production'])(
    'environment %s is valid',
    (environment) => {
      expect(validateAppConfig({ ...good, environment })).toEqual({
        ok: true,
        value: { ...good, environment },
      });
    },
  );

  it('development, which reports no errors, may send an empty error-reporting key', () => {
    const development = { ...good, environment: 'development', bugsnagApiKey: '' };
    expect(validateAppConfig(development)).toEqual({ ok: true, value: development });
  });

  it.each(['testing', 'staging', 'production'])(
    '%s, which reports errors, needs the key',
    (environment) => {
      const result = validateAppConfig({ ...good, environment, bugsnagApiKey: '' });
      expect(firstErrorMessage(result)).toBe('Missing or Invalid Bugsnag API Key Property');
    },
  );

  it('extra keys are ignored', () => {
    expect(validateAppConfig({ ...good, extra: 1 })).toEqual({ ok: true, value: good });
  });

  it.each<[string, unknown, string]>([
    [
      'unknown environment',
      { ...good, environment: 'prod' },
      'Missing or Invalid Environment Property',
    ],
    [
      'missing environment',
      { ...good, environment: undefined },
      'Missing or Invalid Environment Property',
    ],
    [
      'empty Bugsnag key',
      { ...good, bugsnagApiKey: '' },
      'Missing or Invalid Bugsnag API Key Property',
    ],
    [
      'numeric Bugsnag key',
      { ...good, bugsnagApiKey: 42 },
      'Missing or Invalid Bugsnag API Key Property',
    ],
    ['empty apiBaseUrl', { ...good, apiBaseUrl: '' }, 'Missing or Invalid API Base Url Property'],
    [
      'missing awsRegion',
      { ...good, awsRegion: undefined },
      'Missing or Invalid AWS Region Property',
    ],
    ['empty awsRegion', { ...good, awsRegion: '' }, 'Missing or Invalid AWS Region Property'],
    [
      'first failing field wins',
      { ...good, bugsnagApiKey: '', awsRegion: '' },
      'Missing or Invalid Bugsnag API Key Property',
    ],
    ['not an object', 'appConfig', 'Missing or Invalid Environment Property'],
    ['null', null, 'Missing or Invalid Environment Property'],
    ['empty object', {}, 'Missing or Invalid Environment Property'],
  ])('%s → %s', (_label, raw, message) => {
    const result = validateAppConfig(raw);
    expect(result.ok).toBe(false);
    expect(firstErrorMessage(result)).toBe(message);
    expect(result.ok ? {} : Object.keys(result.errors)).toHaveLength(1);
  });
});

describe('§5 app config validation agrees with the §3 schema (it runs without zod at start-up)', () => {
  const text = fc.oneof(
    fc.constantFrom('', ' ', 'key', '/api', 'https://api.paddock.nz', 'api.nz', 'ap-southeast-2'),
    fc.string(),
  );
  const field = fc.oneof(
    text,
    fc.constantFrom('development', 'testing', 'production'),
    fc.anything(),
  );
  const config = fc.oneof(
    fc.record(
      { environment: field, bugsnagApiKey: field, apiBaseUrl: field, awsRegion: field },
      { requiredKeys: [] },
    ),
    fc.anything(),
  );

  it('valid exactly when appConfigSchema accepts it, with the same value', () => {
    fc.assert(
      fc.property(config, (raw) => {
        const parsed = appConfigSchema.safeParse(raw);
        const result = validateAppConfig(raw);
        expect(result.ok).toBe(parsed.success);
        if (result.ok && parsed.success) expect(result.value).toEqual(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });
});
