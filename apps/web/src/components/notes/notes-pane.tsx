/**
 * The notes of one thing of an area (§3 Note: target, area, newest first per target): on the zone
 * page, the hardware and add-on detail panes and a frost fan's detail. Each note shows its text,
 * its author and when it was written (§9 date format, the site's time); the author may delete it.
 * Adding and deleting need edit on the area, as the server checks; the pane reads that right
 * itself, since it sits several levels under the routes in every place that shows it.
 */
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatSiteDateTime, NOTE_MAX_LENGTH, type MetaType, type Note } from '@paddock/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateNote } from '../../data/notes/create-note.ts';
import { useDeleteNote } from '../../data/notes/delete-note.ts';
import { useAreaNotes } from '../../data/notes/get-area-notes.ts';
import { usePrivileges } from '../../data/privileges/use-privileges.ts';
import { refusalReason } from '../ui/save-refusal.tsx';

/** What the notes are about: the area itself or one of its things. */
interface NoteTarget {
  readonly type: MetaType;
  readonly id: number;
}

interface NotesPaneProps {
  readonly siteId: number;
  readonly areaId: number;
  readonly target: NoteTarget;
  readonly timeZone: string;
}

/** The target's notes among the area's; a note of old without a type is the area's own. */
export function notesOf(notes: readonly Note[], target: NoteTarget, areaId: number): Note[] {
  return notes.filter((note) =>
    note.targetType === undefined
      ? target.type === 'area' && note.target === areaId
      : note.targetType === target.type && note.target === target.id,
  );
}

export function NotesPane({ siteId, areaId, target, timeZone }: NotesPaneProps) {
  const { t } = useTranslation();
  const notes = useAreaNotes(areaId);
  const canEdit = usePrivileges(siteId, areaId).has('edit');
  const mine = notes.data ? notesOf(notes.data, target, areaId) : [];
  return (
    <Stack gap="xs" component="section" aria-label={t('Notes.Title')}>
      <Title order={4} size="h6">
        {t('Notes.Title')}
      </Title>
      {canEdit && <NoteForm areaId={areaId} target={target} />}
      {notes.isError ? (
        <Text size="sm" c="dimmed" role="alert">
          {t('Notes.LoadFailed')}
        </Text>
      ) : notes.isPending ? (
        <Text size="sm" c="dimmed">
          {t('Common.Loading')}
        </Text>
      ) : (
        <NotesList notes={mine} areaId={areaId} timeZone={timeZone} canDelete={canEdit} />
      )}
    </Stack>
  );
}

function NotesList({
  notes,
  areaId,
  timeZone,
  canDelete,
}: {
  notes: readonly Note[];
  areaId: number;
  timeZone: string;
  /** Edit on the area; then the author's own notes offer Delete. */
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteNote(areaId);
  if (notes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('Notes.None')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {remove.isError && (
        <Alert color="fault" role="alert" p="xs">
          {refusalReason(remove.error, t('Notes.DeleteFailed'))}
        </Alert>
      )}
      {notes.map((note) => (
        <Paper key={note.id} component="li" withBorder p="xs" aria-label={note.text}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.text}
          </Text>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('Notes.Byline', {
                author: note.author?.name || t('Notes.UnknownAuthor'),
                time: formatSiteDateTime(new Date(note.timestamp), timeZone),
              })}
            </Text>
            {canDelete && note.mine && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="fault"
                loading={remove.isPending && remove.variables === note.id}
                onClick={() => remove.mutate(note.id)}
                aria-label={t('Notes.DeleteLabel', { text: note.text })}
              >
                {t('Notes.Delete')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function NoteForm({ areaId, target }: { areaId: number; target: NoteTarget }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const create = useCreateNote(areaId);
  const blank = text.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    // A note on the area itself names no target (the server's form for it).
    const about = target.type === 'area' ? {} : { target: target.id, targetType: target.type };
    create.mutate({ text: text.trim(), ...about }, { onSuccess: () => setText('') });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6}>
        <Textarea
          label={t('Notes.New')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={NOTE_MAX_LENGTH}
          rows={2}
        />
        {create.isError && (
          <Alert color="fault" role="alert" p="xs">
            {refusalReason(create.error, t('Notes.AddFailed'))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="xs" disabled={blank} loading={create.isPending}>
            {t('Notes.Add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
