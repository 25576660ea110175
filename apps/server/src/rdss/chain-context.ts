import type { AppContext } from '#infra/app-context';
import type { BlobStore } from './document-store';

/** What the chain calls use of the app. */
export interface ChainContext extends Pick<
  AppContext,
  'config' | 'database' | 'events' | 'users' | 'mailer' | 'background'
> {
  /** Where signed increments live outside the database (files), to remove with their chain. */
  increments?: BlobStore;
  /** Where document bytes are, to look into a PDF whose signatures were not recorded at upload. */
  blobs?: BlobStore;
}
