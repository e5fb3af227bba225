// @vitest-environment node
/**
 * The console's layer rule (eslint.config.js, console/layers) fails the lint where it should:
 * checked through ESLint's own API on code placed at the paths it would have in the tree.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The console/layers messages ESLint gives for `code` at `filePath` (from the repository root). */
async function layerMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'console/layers')
    .map((message) => message.message);
}

describe('console layers (eslint console/layers)', () => {
  it.each([
    [
      'a feature importing another feature',
      "export { useSite } from '../../sites/api/get-site.ts';",
      'apps/web/src/features/irrigation/hooks/x.ts',
      "Features never import each other: 'irrigation' imports the 'sites' feature.",
    ],
    [
      'a feature file at its root importing another feature',
      "import { a } from '../layout/placeholder.ts';\nexport const b = a;",
      'apps/web/src/features/summary/x.ts',
      "Features never import each other: 'summary' imports the 'layout' feature.",
    ],
    [
      'a feature loading another feature lazily',
      "export const load = () => import('../../profile/components/profile-modal.tsx');",
      'apps/web/src/features/layout/components/x.tsx',
      "Features never import each other: 'layout' imports the 'profile' feature.",
    ],
    [
      'a feature importing a route module',
      "export { Component } from '../../../app/routes/main/site.tsx';",
      'apps/web/src/features/layout/components/x.tsx',
      "Features never import the app: 'layout' imports src/app/.",
    ],
    [
      'the data layer importing a feature',
      "export { isProgramLive } from '../../features/irrigation/live.ts';",
      'apps/web/src/data/programs/x.ts',
      "src/data/ is shared by every feature and imports none: it imports the 'irrigation' feature.",
    ],
  ])('%s fails', async (_, code, filePath, message) => {
    const messages = await layerMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });

  it.each([
    [
      'a feature importing the data layer, lib and components',
      [
        "export { siteKeys } from '../../../data/sites/keys.ts';",
        "export { api } from '../../../lib/api-client.ts';",
        "export { LastUpdate } from '../../../components/ui/last-update.tsx';",
      ].join('\n'),
      'apps/web/src/features/irrigation/hooks/x.ts',
    ],
    [
      'a feature importing its own files',
      "export { isProgramLive } from '../live.ts';",
      'apps/web/src/features/irrigation/hooks/x.ts',
    ],
    [
      'a route module composing features',
      [
        "export { IrrigationWorkspace } from '../../../features/irrigation/components/irrigation-workspace.tsx';",
        "export { AppHeader } from '../../../features/layout/components/app-header.tsx';",
      ].join('\n'),
      'apps/web/src/app/routes/main/x.tsx',
    ],
  ])('%s passes', async (_, code, filePath) => {
    expect(await layerMessages(code, filePath)).toEqual([]);
  });
});
