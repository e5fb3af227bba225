/**
 * POST programs/{id}/start|resume|pause|test (§7): asks the field to act on the program, or on
 * some of its zones. The server records a request and answers 202 with its id; sent again with
 * that requestId it answers 200 with the request's current status (docs/api.md "Field
 * requests"), which is how the console follows the request up.
 */
import {
  programActionResponseSchema,
  type ProgramActionBody,
  type ProgramActionResponse,
} from '@paddock/domain';
import { api } from '../../lib/api-client.ts';

export type ProgramActionName = 'start' | 'resume' | 'pause' | 'test';

export function postProgramAction(
  programId: number,
  action: ProgramActionName,
  body: ProgramActionBody = {},
): Promise<ProgramActionResponse> {
  return api.post(`/programs/${programId}/${action}`, body, {
    schema: programActionResponseSchema,
  });
}

/** The current status of a request sent earlier; nothing is sent to the field again. */
export function followProgramAction(
  programId: number,
  action: ProgramActionName,
  requestId: ProgramActionResponse['requestId'],
): Promise<ProgramActionResponse> {
  return postProgramAction(programId, action, { requestId });
}
