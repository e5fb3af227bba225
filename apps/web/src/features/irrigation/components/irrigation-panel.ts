import type { ProgramActions } from '../hooks/use-program-actions.ts';

/**
 * What the irrigation page gives the panel beside its map, the area's program or one zone's
 * page: where it is, the site's clock, and the program's actions with the privilege to use them.
 */
export interface IrrigationPanelProps {
  readonly siteId: number;
  readonly areaId: number;
  readonly timeZone: string;
  readonly now: Date;
  readonly actions: ProgramActions;
  readonly canProgram: boolean;
  /** The user reads the site's audit log (canReadAudit): the panel shows its object's history. */
  readonly canReadAudit: boolean;
}
