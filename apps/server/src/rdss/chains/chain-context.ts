import type { AppContext } from '#infra/app-context';
import type { ChainLocks } from './chain-locks';
import type { BlobStore } from '../documents';

/** What the chain calls use of the app. */
export interface ChainContext extends Pick<
  AppContext,
  'config' | 'database' | 'events' | 'users' | 'mailer' | 'background'
> {
  /** Where signed increments live outside the database (files), to remove with their chain. */
  increments?: BlobStore;
  /** Where document bytes are, to look into a PDF whose signatures were not recorded at upload. */
  blobs?: BlobStore;
  /** The signers' turns (the sign calls' own), so a withdrawal never cuts into a signing. */
  locks?: ChainLocks;
}
