/**
 * POST programs/{id}/start|resume|pause|test (§7): asks the field to act on the program, or on
 * some of its zones. The server records a request and answers 202 with its id; sent again with
 * that requestId it answers 200 with the request's current status (docs/api.md "Field
 * requests"), which is how the console follows the request up.
 */
import {
  programActionEndpoints,
  type ProgramActionBody,
  type ProgramActionResponse,
  type RunAction,
} from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';

export type ProgramActionName = RunAction;

export function postProgramAction(
  programId: number,
  action: ProgramActionName,
  body: ProgramActionBody = {},
): Promise<ProgramActionResponse> {
  return callEndpoint(programActionEndpoints[action], { params: { id: programId }, body });
}

/** The current status of a request sent earlier; nothing is sent to the field again. */
export function followProgramAction(
  programId: number,
  action: ProgramActionName,
  requestId: ProgramActionResponse['requestId'],
): Promise<ProgramActionResponse> {
  return postProgramAction(programId, action, { requestId });
}
