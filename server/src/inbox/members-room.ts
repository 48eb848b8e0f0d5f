/**
 * The room every signed-in socket joins: a back-office notice to everyone (or a segment of
 * thousands) is ONE push here — each client re-reads its own unread count — instead of one push
 * per member written to the outbox.
 */
export const MEMBERS_ROOM = 'members';

/** The part of the socket edge this needs (server.ts adapts the Socket.IO server to it). */
export interface MemberSockets {
  onConnection(handler: (socket: { data: { auth?: unknown }; join(room: string): unknown }) => void): void;
}

export function joinMembersRoom(sockets: MemberSockets) {
  sockets.onConnection((socket) => {
    if (socket.data.auth) void socket.join(MEMBERS_ROOM);
  });
}
