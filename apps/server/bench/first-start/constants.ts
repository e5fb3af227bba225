/**
 * What the first-start bench's files share: the repository's root, where the devstack runs and
 * the bench reports from, and the demo account the browser and the API sign in with.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_LOGINS } from '@paddock/domain/demo';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const ADMIN = DEMO_LOGINS.admin;
