/**
 * The lint rules that keep the architecture: run through ESLint's own API on small texts, as
 * `npm run check` would meet them in these files.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

// The first text linted loads the config and its parsers, which took more than a test's 30 s on
// a CI machine busy with the other suites; every later text is quick.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'apps/server/src/main.ts' });
}, 180_000);

async function ruleErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the server does not import the simulator', () => {
  it.each([
    "import { startSimulator } from '@paddock/simulator';\nvoid startSimulator;\n",
    "import { startSimulator } from '../../../simulator/src/simulator.ts';\nvoid startSimulator;\n",
    "export { startSimulator } from '@paddock/simulator';\n",
  ])('refuses %j in the server', async (code) => {
    const errors = await ruleErrors(code, 'apps/server/src/start/worker.ts');
    expect(errors).toEqual([expect.stringContaining('never imports the simulator')]);
  });

  it('still refuses web code in the server', async () => {
    const errors = await ruleErrors(
      "import { App } from '@paddock/web';\nvoid App;\n",
      'apps/server/src/main.ts',
    );
    expect(errors).toEqual([expect.stringContaining('never imports web code')]);
  });

  it.each(['apps/server/test/flows/simulator.test.ts', 'apps/devstack/src/devstack.ts'])(
    'lets %s import it',
    async (filePath) => {
      const code = "import { startSimulator } from '@paddock/simulator';\nvoid startSimulator;\n";
      expect(await ruleErrors(code, filePath)).toEqual([]);
    },
  );
});

describe('routes are HTTP only', () => {
  it.each([
    "import { sites } from '../../db/schema.ts';\nvoid sites;\n",
    "import { eq } from 'drizzle-orm';\nvoid eq;\n",
    "import { sql } from 'drizzle-orm/sql';\nvoid sql;\n",
  ])('refuses %j in a route file', async (code) => {
    const errors = await ruleErrors(code, 'apps/server/src/resources/sites/site.routes.ts');
    expect(errors).toEqual([expect.stringContaining('Routes are HTTP only')]);
  });

  it('still refuses the simulator and web code in a route file', async () => {
    const code =
      "import { App } from '@paddock/web';\nimport { startSimulator } from '@paddock/simulator';\nvoid App;\nvoid startSimulator;\n";
    const errors = await ruleErrors(code, 'apps/server/src/resources/sites/site.routes.ts');
    expect(errors).toEqual([
      expect.stringContaining('never imports web code'),
      expect.stringContaining('never imports the simulator'),
    ]);
  });

  it("lets the resource's repository use the schema", async () => {
    const code = "import { sites } from '../../db/schema.ts';\nvoid sites;\n";
    expect(await ruleErrors(code, 'apps/server/src/resources/sites/site.repository.ts')).toEqual(
      [],
    );
  });
});

describe('console query keys come from the key factories in src/data/', () => {
  async function keyErrors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.message);
  }
  const header =
    "import { useQuery, useQueryClient } from '@tanstack/react-query';\ndeclare const token: string;\n";

  it.each([
    [
      'an invalidation',
      "export const refresh = () => useQueryClient().invalidateQueries({ queryKey: ['contacts'] });\n",
    ],
    [
      'a query',
      "export const useAck = () => useQuery({ queryKey: ['alarm-acks', token] as const, queryFn: () => 1 });\n",
    ],
    [
      'setQueryData',
      "export const keep = (link: unknown) => useQueryClient().setQueryData(['alarm-acks', token], link);\n",
    ],
    [
      'getQueryData',
      "export const read = () => useQueryClient().getQueryData(['user', 'contact', null]);\n",
    ],
  ])('refuses an array literal as the key of %s in a feature', async (_, code) => {
    const errors = await keyErrors(
      header + code,
      'apps/web/src/features/profile/api/update-contact.ts',
    );
    expect(errors).toEqual([expect.stringContaining("its resource's key factory in src/data/")]);
  });

  it('refuses one in a shared component too', async () => {
    const code =
      "export const refresh = () => useQueryClient().invalidateQueries({ queryKey: ['radios'] });\n";
    const errors = await keyErrors(
      header + code,
      'apps/web/src/components/hardware/use-radio-ping.ts',
    );
    expect(errors).toHaveLength(1);
  });

  it('lets a feature use a key factory', async () => {
    const code =
      "import { contactKeys } from '../../../data/contacts/keys.ts';\nexport const refresh = () => useQueryClient().invalidateQueries({ queryKey: contactKeys.all });\n";
    expect(
      await keyErrors(header + code, 'apps/web/src/features/profile/api/update-contact.ts'),
    ).toEqual([]);
  });

  it.each([
    'apps/web/src/data/contacts/get-contacts.ts',
    'apps/web/src/features/season/components/season-modal.test.tsx',
  ])('lets %s spell a key out', async (filePath) => {
    const code =
      "export const useList = () => useQuery({ queryKey: ['contacts', { site: 4 }], queryFn: () => 1 });\n";
    expect(await keyErrors(header + code, filePath)).toEqual([]);
  });
});

describe('no god files and no god closures', () => {
  async function sizeErrors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId?.startsWith('max-lines'))
      .map((message) => message.message);
  }
  const statements = (count: number) =>
    Array.from({ length: count }, (_, index) => `  total += ${index};`).join('\n');
  const functionOf = (lines: number) =>
    `export function tally(): number {\n  let total = 0;\n${statements(lines - 4)}\n  return total;\n}\n`;

  it('refuses a function of 151 lines in source', async () => {
    const errors = await sizeErrors(functionOf(151), 'apps/server/src/alarms/tally.ts');
    expect(errors).toEqual([expect.stringContaining("Function 'tally' has too many lines (151)")]);
  });

  it('lets a function of 150 lines be', async () => {
    expect(await sizeErrors(functionOf(150), 'apps/server/src/alarms/tally.ts')).toEqual([]);
  });

  it('refuses a file of 501 lines, in any package', async () => {
    const code = Array.from({ length: 501 }, (_, index) => `export const n${index} = ${index};`);
    for (const filePath of ['packages/domain/src/tally.ts', 'apps/web/src/lib/tally.ts']) {
      expect(await sizeErrors(`${code.join('\n')}\n`, filePath)).toEqual([
        expect.stringContaining('File has too many lines (501)'),
      ]);
    }
  });

  it('leaves tests and the schema to their length', async () => {
    const code = `${functionOf(200)}`;
    expect(await sizeErrors(code, 'apps/server/src/alarms/tally.test.ts')).toEqual([]);
    expect(await sizeErrors(code, 'apps/server/src/db/schema.ts')).toEqual([]);
  });
});

describe('SQL lives in repositories', () => {
  async function sqlErrors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
      .map((message) => message.message);
  }

  it.each([
    "import { eq } from 'drizzle-orm';\nvoid eq;\n",
    "import { sql } from 'drizzle-orm/sql';\nvoid sql;\n",
    "import { alarms } from '../db/schema.ts';\nvoid alarms;\n",
  ])('refuses %j outside a repository', async (code) => {
    const errors = await sqlErrors(code, 'apps/server/src/alarms/transitions.ts');
    expect(errors).toEqual([expect.stringContaining('SQL lives in repositories')]);
  });

  it('lets a type import of the schema through, for row types', async () => {
    const code =
      "import type { alarms } from '../db/schema.ts';\nexport type AlarmRow = typeof alarms.$inferSelect;\n";
    expect(await sqlErrors(code, 'apps/server/src/alarms/transitions.ts')).toEqual([]);
  });

  it.each([
    'apps/server/src/alarms/alarm.repository.ts',
    'apps/server/src/db/lanes.ts',
    'apps/server/src/seed/seed-kit.ts',
    'apps/server/src/alarms/transitions.test.ts',
  ])('lets %s import drizzle and the schema', async (filePath) => {
    const code =
      "import { eq } from 'drizzle-orm';\nimport { alarms } from '../db/schema.ts';\nvoid eq;\nvoid alarms;\n";
    expect(await sqlErrors(code, filePath)).toEqual([]);
  });
});
