/**
 * What one alarm's page does (§2): switch it on or off, acknowledge it with an optional comment,
 * and delete it after a confirmation. The mutations live with the page, not in the cards that
 * start them: the acknowledge card goes once the alarm is acknowledged, and a mutation's own
 * callbacks (the notices) only run while the component that started it is mounted.
 */
import { alarmsPath, type Alarm } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAcknowledgeAlarm } from '../../../data/alarms/acknowledge-alarm.ts';
import { useDeleteAlarm, useSaveAlarm } from '../../../data/alarms/save-alarm.ts';
import { notify } from '../../../lib/notify.ts';
import { errorText } from '../error-text.ts';

export function useAlarmDetailActions(siteId: number, areaId: number, alarm: Alarm, name: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveAlarm(areaId);
  const remove = useDeleteAlarm(areaId);
  const acknowledge = useAcknowledgeAlarm(areaId);
  const [comment, setComment] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);

  const switchActive = (active: boolean) =>
    save.mutate(
      { id: alarm.id, body: { active } },
      {
        onError: (error) =>
          notify({
            level: 'error',
            title: t('Alarms.Form.SaveFailed'),
            message: errorText(error, t),
          }),
      },
    );

  const submitAcknowledge = () =>
    acknowledge.mutate(
      { id: alarm.id, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: () => {
          setComment('');
          notify({ level: 'info', message: t('Alarms.Acknowledged') });
        },
        onError: (error) =>
          notify({
            level: 'error',
            title: t('Alarms.AcknowledgeFailed'),
            message: errorText(error, t),
          }),
      },
    );

  const confirmRemove = () =>
    remove.mutate(alarm.id, {
      onSuccess: () => {
        notify({ level: 'info', message: t('Alarms.Deleted', { name }) });
        void navigate(alarmsPath({ siteId, areaId }), { replace: true });
      },
    });

  return {
    save,
    remove,
    acknowledge,
    comment,
    setComment,
    confirmDelete,
    setConfirmDelete,
    switchActive,
    submitAcknowledge,
    confirmRemove,
  };
}
