/** The icon of each way a notification reaches a contact (§3 Contact: email, sms, voice). */
import type { ContactMethod } from '@paddock/domain';
import { IconMail, IconMessage, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export const METHOD_ICONS: Record<ContactMethod, ReactNode> = {
  email: <IconMail size={16} />,
  sms: <IconMessage size={16} />,
  voice: <IconPhone size={16} />,
};
