import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/public/ContactPage';

export const Route = createFileRoute('/contact')({ component: ContactPage });
