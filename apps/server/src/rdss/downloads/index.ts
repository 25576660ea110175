// downloads/: Downloads of a chain's document, upload, trail or container, one file or a zip. Its
// public face: what the rest of the service may use of it.
export { attachment, downloadRoutes } from './download-routes';
