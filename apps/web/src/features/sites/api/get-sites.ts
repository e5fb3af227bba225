/**
 * Moved to data/sites/get-sites.ts. Kept for app/routes/auth/redirect.tsx only, whose import
 * changes with the sign-in routes' own rework; delete this file then.
 */
export {
  getSites,
  getSitesQueryOptions,
  useUserSites,
  type GetSitesInput,
} from '../../../data/sites/get-sites.ts';
