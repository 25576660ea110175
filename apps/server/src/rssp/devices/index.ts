// devices/: Registered devices and their approvals of a key's use. Its public face: what the rest
// of the service may use of it.
export { awaitDecision, consumeApproval, requestApproval } from './device-approval';
export { deviceRoutes } from './device-routes';
export { deleteDevicesOfUser } from './device-store';
