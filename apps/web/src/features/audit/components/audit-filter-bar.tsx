/**
 * The audit page's filters (issue 33 item 3): person (the site's users), object kind, operation,
 * and the site's days from and to; and, when the page was opened from an object's History, that
 * object, which can be let go to read the whole log.
 */
import { Badge, Button, CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_OBJECT_KINDS,
  auditOperations,
  NO_AUDIT_FILTERS,
  type AuditFilters,
} from '../audit-filters.ts';

/** A person the filter offers: one of the site's users. */
export interface AuditPersonOption {
  readonly id: number;
  readonly name: string;
}

interface AuditFilterBarProps {
  readonly filters: AuditFilters;
  readonly people: readonly AuditPersonOption[];
  readonly onChange: (filters: AuditFilters) => void;
  /** Lets go of the object the page was narrowed to. */
  readonly onClearObject: () => void;
}

export function AuditFilterBar({ filters, people, onChange, onClearObject }: AuditFilterBarProps) {
  const { t } = useTranslation();
  const operations = useMemo(() => auditOperations(), []);
  const set = (change: Partial<AuditFilters>) => onChange({ ...filters, ...change });
  const chosen =
    filters.actor !== null ||
    filters.kind !== null ||
    filters.operation !== null ||
    filters.from !== '' ||
    filters.to !== '';
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('Audit.Filter.Label')}>
      <Select
        label={t('Audit.Filter.Person')}
        placeholder={t('Audit.Filter.Anyone')}
        data={people.map((person) => ({ value: String(person.id), label: person.name }))}
        value={filters.actor === null ? null : String(filters.actor)}
        onChange={(value) => set({ actor: value === null ? null : Number(value) })}
        searchable
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      {filters.object === null ? (
        <Select
          label={t('Audit.Filter.Kind')}
          placeholder={t('Audit.Filter.AnyKind')}
          data={AUDIT_OBJECT_KINDS.map((kind) => ({
            value: kind,
            label: t(`Audit.Kind.${kind}`),
          }))}
          value={filters.kind}
          onChange={(value) => set({ kind: value })}
          clearable
          w={{ base: '100%', xs: 160 }}
        />
      ) : (
        <Badge
          size="lg"
          variant="light"
          tt="none"
          h={36}
          data-testid="audit-object-filter"
          rightSection={
            <CloseButton
              size="sm"
              variant="transparent"
              aria-label={t('Audit.Filter.ObjectClear')}
              onClick={onClearObject}
            />
          }
        >
          {t('Audit.Filter.Object', {
            kind: t(`Audit.Kind.${filters.object.kind}`, {
              defaultValue: filters.object.kind,
            }),
            id: filters.object.target,
          })}
        </Badge>
      )}
      <Select
        label={t('Audit.Filter.Operation')}
        placeholder={t('Audit.Filter.AnyOperation')}
        data={operations}
        value={filters.operation}
        onChange={(value) => set({ operation: value })}
        searchable
        clearable
        w={{ base: '100%', xs: 280 }}
        comboboxProps={{ width: 360, position: 'bottom-start' }}
      />
      <TextInput
        type="date"
        label={t('Audit.Filter.From')}
        value={filters.from}
        onChange={(event) => set({ from: event.currentTarget.value })}
        w={160}
      />
      <TextInput
        type="date"
        label={t('Audit.Filter.To')}
        value={filters.to}
        onChange={(event) => set({ to: event.currentTarget.value })}
        w={160}
      />
      {chosen && (
        <Button
          variant="subtle"
          onClick={() => onChange({ ...NO_AUDIT_FILTERS, object: filters.object })}
        >
          {t('Audit.Filter.Clear')}
        </Button>
      )}
    </Group>
  );
}
