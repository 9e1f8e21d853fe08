import { createFileRoute } from '@tanstack/react-router';
import { ContactUs } from '../../features/contact/ContactUs';
import { contactInfoQuery } from '../../features/contact/api';

export const Route = createFileRoute('/hotel/contact')({
  staticData: { title: 'Contact Us' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(contactInfoQuery),
  component: ContactUs,
});
