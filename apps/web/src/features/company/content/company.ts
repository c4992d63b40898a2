// /company content: the assistants on the council, those coming soon, and why we build Council.
import { type BuiltInProvider, type ComingSoonModel } from '@council/contracts';
import { Eye, Handshake, type LucideIcon, Scale, ShieldCheck } from 'lucide-react';

export interface ModelProfile {
  /** The profiles describe the built-in providers; added ones are presented as more models. */
  provider: BuiltInProvider;
  assistant: string;
  developer: string;
  summary: string;
  pros: readonly string[];
  cons: readonly string[];
  /** The other assistants of this provider in the catalogue. */
  alsoOnTheCouncil: readonly string[];
}

export const MODEL_PROFILES: readonly ModelProfile[] = [
  {
    provider: 'openai',
    assistant: 'ChatGPT',
    developer: 'OpenAI',
    summary:
      'The all-rounder. Clear, well-structured answers on almost any topic, with dedicated reasoning models for harder problems.',
    pros: [
      'Broad general knowledge and very clear structure',
      'Strong at code, data and step-by-step explanations',
      'o-series reasoning models for maths, logic and planning',
    ],
    cons: [
      'Can sound confident when it is wrong',
      'Tends towards safe, middle-of-the-road answers',
      'Knowledge stops at its training cut-off date',
    ],
    alsoOnTheCouncil: ['OpenAI Reasoner', 'Codex Reviewer', 'GPT Researcher'],
  },
  {
    provider: 'anthropic',
    assistant: 'Claude',
    developer: 'Anthropic',
    summary:
      'The careful thinker. Nuanced, well-written answers that are candid about uncertainty and handle long documents well.',
    pros: [
      'Excellent writing, editing and summarising',
      'Careful, honest reasoning that admits what it does not know',
      'Large context for long documents and detailed briefs',
    ],
    cons: [
      'Can be cautious and add more caveats than you need',
      'Answers are sometimes longer than the question calls for',
      'Knowledge stops at its training cut-off date',
    ],
    alsoOnTheCouncil: ['Claude Opus', 'Claude Editor', 'Claude Quick'],
  },
  {
    provider: 'xai',
    assistant: 'Grok',
    developer: 'xAI',
    summary:
      'The challenger. Direct and a little irreverent, Grok is happy to question the consensus and say what others will not.',
    pros: [
      'Direct answers with a distinct point of view',
      'Good at challenging assumptions in a debate',
      'Strong maths and reasoning in its thinking models',
    ],
    cons: [
      'Blunt tone is not right for every question',
      'Less polished on long, formal writing',
      'Newer family of models, with a shorter track record',
    ],
    alsoOnTheCouncil: ['Grok Thinker', 'Grok Mini'],
  },
];

export interface ComingSoonProfile {
  name: ComingSoonModel;
  developer: string;
  text: string;
}

export const COMING_SOON_PROFILES: readonly ComingSoonProfile[] = [
  {
    name: 'Llama',
    developer: 'Meta',
    text: 'Open-weight models with a large community behind them, bringing a view trained on different data.',
  },
  {
    name: 'Gemini',
    developer: 'Google DeepMind',
    text: 'Multimodal models with very long context, strong at research questions and large documents.',
  },
  {
    name: 'Mistral',
    developer: 'Mistral AI',
    text: 'Fast, efficient models from Europe, with strong multilingual skills.',
  },
];

export interface CompanyValue {
  title: string;
  text: string;
  icon: LucideIcon;
}

export const COMPANY_VALUES: readonly CompanyValue[] = [
  {
    title: 'Many perspectives',
    text: 'No single model has all the answers. Putting several side by side makes blind spots visible.',
    icon: Scale,
  },
  {
    title: 'Transparency',
    text: 'You see which model said what, how it reasoned and how many tokens it used. Nothing is hidden behind one voice.',
    icon: Eye,
  },
  {
    title: 'Privacy by default',
    text: 'Your questions go only to the providers you ask. We don’t sell data and we don’t run ads.',
    icon: ShieldCheck,
  },
  {
    title: 'Fair, simple pricing',
    text: 'Clear monthly plans in pounds, tokens that don’t expire, and no lock-in: cancel at any time.',
    icon: Handshake,
  },
];
