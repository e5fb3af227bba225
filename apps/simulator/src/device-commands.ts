/**
 * How a device answers a command, without its state: the ack it sends for each phase, and why it
 * fails a command it cannot carry out.
 */
import type { AckUplink, CommandDownlink, ConfigDownlink } from '@paddock/domain';
import type { DeviceFaults } from './device-faults.ts';

type ControlConfig = ConfigDownlink['controls'][number];

export function commandAck(
  command: CommandDownlink,
  phase: AckUplink['phase'],
  now: Date,
  reason?: string,
): AckUplink {
  const ack: AckUplink = { commandId: command.commandId, phase, time: now.toISOString() };
  if (reason !== undefined) ack.reason = reason;
  return ack;
}

/**
 * Why an open or close fails, or null when it can be carried out: a control the device does not
 * have, a valve fault on one it names, or (to open) a tripped pump.
 */
export function commandRefusal(
  command: Extract<CommandDownlink, { controls: number[] }>,
  controls: readonly { id: number; control: ControlConfig | undefined }[],
  faults: DeviceFaults,
  serialno: string,
): string | null {
  const unknown = controls.filter((entry) => !entry.control).map((entry) => entry.id);
  if (unknown.length > 0) return `no control ${unknown.join(', ')} on ${serialno}`;
  const faulted = command.controls.filter((id) => faults.faultedControls.has(id));
  if (faulted.length > 0) return `valve fault on control ${faulted.join(', ')}`;
  const tripped =
    command.action === 'open' ? command.controls.filter((id) => faults.trippedPumps?.has(id)) : [];
  if (tripped.length > 0) return `pump tripped on control ${tripped.join(', ')}`;
  return null;
}
