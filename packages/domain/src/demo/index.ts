/**
 * The demo farm's accounts, defined once: the seed creates them, the start-up log and the README
 * name them, and tests, end-to-end tests and benchmarks sign in with them.
 */
import type { Privilege } from '../entities/vocabulary.ts';

/** The password of every demo account (and of the bench user). */
export const DEMO_PASSWORD = 'DemoPaddock#2026';

export type DemoAccountKey = 'admin' | 'manager' | 'monitor' | 'staff';

export type DemoAccount = {
  key: DemoAccountKey;
  login: string;
  firstName: string;
  lastName: string;
  /** User-level privileges (§6). */
  privileges: readonly Privilege[];
  /** What the account is for, as the README and the start-up log tell it. */
  summary: string;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    login: 'admin@demo.paddock.example',
    firstName: 'Aroha',
    lastName: 'Ngata',
    privileges: [],
    summary: 'admin on every demo site: everything, including inviting users and permissions',
  },
  {
    key: 'manager',
    login: 'manager@demo.paddock.example',
    firstName: 'Jack',
    lastName: 'Walsh',
    privileges: [],
    summary: 'manage on two sites: edit, run programs and controls, see users',
  },
  {
    key: 'monitor',
    login: 'monitor@demo.paddock.example',
    firstName: 'Priya',
    lastName: 'Nair',
    privileges: [],
    summary: 'monitor on one site: view only',
  },
  {
    key: 'staff',
    login: 'staff@demo.paddock.example',
    firstName: 'Sam',
    lastName: 'Fielding',
    privileges: ['loginAs', 'internal', 'install'],
    summary:
      'support staff: admin on every demo site plus Switch User (loginAs), internal and install ' +
      '(reporting intervals)',
  },
];

/** The demo accounts' logins by key: `DEMO_LOGINS.admin`. */
export const DEMO_LOGINS = Object.fromEntries(
  DEMO_ACCOUNTS.map((account) => [account.key, account.login]),
) as Record<DemoAccountKey, string>;

/** Member of every scale site (`npm run db:seed -- --sites N`); the benchmarks sign in as it. */
export const BENCH_LOGIN = 'bench@demo.paddock.example';
