// notices/: Mails about chains: invitations and their caps, your turn, reminders, expiry and the
// sweeps. Its public face: what the rest of the service may use of it.
export {
  inviteNewcomers,
  inviterNameOf,
  newcomersOf,
  resendInvitations,
} from './chain-invitation-sending';
export { takeInvitation } from './chain-invitation-store';
export { tellCreated, tellEnded, tellStep } from './chain-notices';
export { remindChain } from './chain-reminders';
export { startChainSweeps } from './chain-sweeps';
export { countInvitationMails, refuseTooManyParticipants } from './invitation-caps';
