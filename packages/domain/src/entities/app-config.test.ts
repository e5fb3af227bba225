import { describe, expect, it } from 'vitest';
import { appConfigSchema } from './app-config.ts';

const config = {
  environment: 'production',
  bugsnagApiKey: '0123456789abcdef0123456789abcdef',
  apiBaseUrl: 'https://api.paddock.example.nz/v1',
  awsRegion: 'ap-southeast-2',
};

describe('§3 §5 app config', () => {
  it.each([
    ['a production config', config],
    ['a same-origin API path', { ...config, apiBaseUrl: '/api', environment: 'development' }],
    [
      'no error-reporting key in development',
      { ...config, environment: 'development', bugsnagApiKey: '' },
    ],
  ])('accepts %s', (_why, value) => {
    expect(appConfigSchema.parse(value)).toEqual(value);
  });

  it.each([
    ['an unknown environment', { environment: 'prod' }],
    ['an empty error-reporting key in production', { bugsnagApiKey: '' }],
    ['a blank error-reporting key in testing', { environment: 'testing', bugsnagApiKey: '  ' }],
    [
      'no error-reporting key at all in development',
      { environment: 'development', bugsnagApiKey: undefined },
    ],
    ['no API base URL', { apiBaseUrl: undefined }],
    ['an API base URL that is neither URL nor path', { apiBaseUrl: 'api.example.nz' }],
    ['an empty region', { awsRegion: '' }],
  ])('refuses %s', (_why, overrides) => {
    expect(appConfigSchema.safeParse({ ...config, ...overrides }).success).toBe(false);
  });
});
