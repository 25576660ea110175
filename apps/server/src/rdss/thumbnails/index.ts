// thumbnails/: Page-1 thumbnails, rendered in a bounded queue and kept. Its public face: what the
// rest of the service may use of it.
export {
  ThumbnailBusy,
  ThumbnailFailed,
  createThumbnailQueue,
  type ThumbnailQueue,
} from './thumbnail-queue';
export { hasThumbnailFailed, recordThumbnailFailure } from './thumbnail-store';
export { lockThumbnail, placeholderThumbnail } from './thumbnail';
