/**
 * The dialog of a form that adds a thing or changes one: open while `editing` is defined (null to
 * add, the thing to change), its form mounted only while open, so that each opening starts from
 * the thing as it is and not from what was typed last time.
 */
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface EditingModalProps<Thing> {
  /** The thing to change; null to add one; undefined while closed. */
  readonly editing: Thing | null | undefined;
  readonly onClose: () => void;
  readonly title: string;
  /** The form, for the thing to change or null. */
  readonly children: (editing: Thing | null) => ReactNode;
}

export function EditingModal<Thing>({
  editing,
  onClose,
  title,
  children,
}: EditingModalProps<Thing>) {
  return (
    <Modal opened={editing !== undefined} onClose={onClose} title={title} centered size="lg">
      {editing !== undefined && children(editing)}
    </Modal>
  );
}
