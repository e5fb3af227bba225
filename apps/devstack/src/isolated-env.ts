/**
 * The devstack as `npm start` runs it (the embedded database and broker, the simulator, no error
 * reporting, which would call out to Bugsnag) in a data folder of its own and on free ports, so
 * that one a bench starts does not clash with one already running.
 */
export function isolatedDevstackEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    PADDOCK_ENVIRONMENT: 'development',
    PADDOCK_DATA_DIR: dataDir,
    DATABASE_URL: '',
    MQTT_URL: '',
    MQTT_PORT: '0',
    SIMULATOR_CONTROL_PORT: '0',
  };
}
