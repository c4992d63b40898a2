import { type ReactNode } from 'react';

export interface LegalSection {
  /** The anchor of the section (/privacy#your-rights). */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentContent {
  title: string;
  /** A plain-language summary shown under the heading. */
  summary: string;
  sections: readonly LegalSection[];
}
