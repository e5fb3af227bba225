/**
 * The area's rename in the header (§7 PUT areas/{id} with a label), beside its name, for users
 * with edit on the area. A failure is shown in the rename form, where the name was typed (§8
 * "Area rename failure: error passed to callback").
 */
import type { Area } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { RenameButton } from '../../../components/ui/rename-button.tsx';
import { useRenameArea } from '../../../data/areas/update-area.ts';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';

export function AreaRename({ siteId, area }: { siteId: number; area: Area }) {
  const { t } = useTranslation();
  const canEdit = usePrivileges(siteId, area.id).has('edit');
  const rename = useRenameArea(area.id);
  if (!canEdit) return null;
  return (
    <RenameButton
      label={area.label}
      what={t('Rename.What.area')}
      onRename={(label) => rename.mutateAsync(label)}
    />
  );
}
