// The documentation categories of the support page. Each one is a short guide and a way into the
// matching help-centre questions.
import { AGENTS_MIN, FREE_HISTORY_RETENTION_DAYS, FREE_QUERIES_TOTAL } from '@council/contracts';
import {
  BookOpen,
  CreditCard,
  History,
  type LucideIcon,
  MessagesSquare,
  Rocket,
  ShieldCheck,
} from 'lucide-react';
import { FAQ_CATEGORIES, type FaqCategoryId } from './faq';

export interface DocumentationCategory {
  id: FaqCategoryId;
  title: string;
  description: string;
  icon: LucideIcon;
  /** Short how-to steps, in the order a new user needs them. */
  guides: readonly string[];
}

export const DOCUMENTATION_CATEGORIES: readonly DocumentationCategory[] = [
  {
    id: 'getting-started',
    title: FAQ_CATEGORIES['getting-started'],
    description: 'Create an account and get your first answers from the council.',
    icon: Rocket,
    guides: [
      'Sign up with a username and password, or with Google or Apple.',
      `Your account includes ${FREE_QUERIES_TOTAL} free queries in total.`,
      'Type a question on the Ask screen and watch three assistants answer it side by side.',
    ],
  },
  {
    id: 'asking',
    title: FAQ_CATEGORIES.asking,
    description: 'Choose who sits on your council and what each member focuses on.',
    icon: BookOpen,
    guides: [
      'Pick an agent and a model for each council member (Premium and Max).',
      'Give members roles such as Skeptic or Domain Expert for more varied answers.',
      `Max councils take up to 10 members; every council keeps at least ${AGENTS_MIN}.`,
    ],
  },
  {
    id: 'debate',
    title: FAQ_CATEGORIES.debate,
    description: 'Let the assistants challenge each other and agree on one answer.',
    icon: MessagesSquare,
    guides: [
      'Tick Debate mode before you ask; pick a debate leader by selecting a member’s card.',
      'Read the Consensus tab for the joint answer, Individual Responses for each member’s.',
      'Tick Reasoning to see how each assistant reached its answer.',
    ],
  },
  {
    id: 'plans',
    title: FAQ_CATEGORIES.plans,
    description: 'Plans, token packs, your billing date and how cancelling works.',
    icon: CreditCard,
    guides: [
      'Compare Free, Premium and Max on the Pricing page.',
      'Your monthly token allocation refreshes on your billing date.',
      'Cancelling takes effect at the end of your billing cycle.',
    ],
  },
  {
    id: 'history',
    title: FAQ_CATEGORIES.history,
    description: 'Find past questions, delete them, and share answers with a link.',
    icon: History,
    guides: [
      'Open History to see every question, newest first.',
      `Free history is kept for ${FREE_HISTORY_RETENTION_DAYS} days; paid plans keep it until you delete it.`,
      'Share a question to get a read-only public link, and stop sharing whenever you like.',
    ],
  },
  {
    id: 'account',
    title: FAQ_CATEGORIES.account,
    description: 'Sign-in options, password resets and what happens to your data.',
    icon: ShieldCheck,
    guides: [
      'Reset a forgotten password from the sign-in page.',
      'Use the contact form below to change your email address or close your account.',
      'Your questions go only to the AI providers on your council.',
    ],
  },
];
