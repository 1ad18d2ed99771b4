import { UserGuide } from '@/features/content/components/user-guide';
import guide from '../../../../../docs/user-guide.md?raw';

export function Component() {
  return <UserGuide markdown={guide} />;
}
