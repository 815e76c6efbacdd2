import { FirestoreSessionStore, onCallFlow } from '@callable-flows/kit';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Bookings } from './meeting-rooms.js';
import { defineMeetingRooms } from './meeting-rooms.js';

if (!getApps().length) initializeApp();

/** Bookings in Firestore, one document per booking, named by the call's id. */
const firestoreBookings = (): Bookings => ({
  create: async (id, booking) => {
    await getFirestore().collection('bookings').doc(id).create(booking);
  },
});

/** The meeting-room assistant as a callable function; sessions and approvals are kept in Firestore. */
export const meetingRooms = onCallFlow(
  { region: 'us-central1' },
  defineMeetingRooms({ store: new FirestoreSessionStore({ firestore: getFirestore() }), bookings: firestoreBookings }),
);
