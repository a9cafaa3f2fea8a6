import path from 'node:path';
import type { PhotoStore } from '@core/ports/photo-store';
import { LocalDiskPhotoStore } from '../adapters/photos/local-disk-photo-store';
import type { AppConfig } from './config';

/** Google Cloud Storage when a bucket is configured (its SDK loaded only then), else the data folder. */
export async function createPhotoStore(config: AppConfig): Promise<{ store: PhotoStore; localDirectory: string | null }> {
  if (config.photos.provider === 'gcs') {
    const { createGcsPhotoStore } = await import('../adapters/photos/gcs-photo-store');
    return { store: await createGcsPhotoStore(config.photos.bucket), localDirectory: null };
  }
  const directory = path.join(config.dataDir, 'uploads');
  return { store: new LocalDiskPhotoStore({ directory, publicPath: '/uploads' }), localDirectory: directory };
}
