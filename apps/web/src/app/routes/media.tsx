import { MediaCatalog } from '@/features/media/components/media-catalog';

export function Component() {
  return (
    <main>
      <MediaCatalog />
    </main>
  );
}
