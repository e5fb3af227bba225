/** Query keys of the software update check: the build the server now deploys. */
export const appUpdateKeys = {
  latestBuild: ['app-update', 'latest-build'] as const,
};
