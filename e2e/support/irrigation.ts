/**
 * The irrigation workspace as specs read it: a program as `GET /programs` gives it, and the
 * panel's two status lines (the program's display and the client's request status).
 */
import type { Page } from '@playwright/test';

export interface ProgramInfo {
  id: number;
  name: string;
  status: { activity: string; requestActive: boolean };
  schedule: { sequences: number[][] };
  zones: {
    id: number;
    application: { status: string; startTime: string | null };
    setting: { depth: number } & Record<string, unknown>;
  }[];
}

export const programDisplay = (page: Page) => page.getByTestId('program-display');
export const clientStatus = (page: Page) => page.getByTestId('client-status');
