/**
 * /ack/{token} (ours): the acknowledgement link of an alarm's email or sms. Public, in the auth
 * layout: the person told may not have an account, and the signed single-use link is the key.
 */
import { useParams } from 'react-router';
import { AckLinkView } from '../../../features/alarms/components/ack-link-view.tsx';

export function Component() {
  const { token = '' } = useParams();
  return <AckLinkView key={token} token={token} />;
}
