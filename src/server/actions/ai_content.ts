/**
 * The AI content area's actions (issue 25): which AI engines are configured (every AI page
 * says what to set when one is not), generating product texts as proposals (ai_catalog),
 * accepting and rejecting proposals (ai_proposals, select_preview) and drafting recipe and
 * house texts. The engines' work is in src/server/ai/.
 */
import { actionContracts } from '../../../schemas/api.ts';
import { companyChatEngine } from '../ai/chatSettings.ts';
import { draftContent } from '../ai/contentDraft.ts';
import { ENGINES, isConfigured, type EngineName } from '../ai/engines.ts';
import { generateProductTexts } from '../ai/productTexts.ts';
import { decideProposals } from '../ai/proposals.ts';
import { translateProductTexts } from '../ai/productTextsTranslate.ts';
import { implement } from './implement.ts';

/** Whether each engine has its key (never the key): the environment variable names what to set. */
export const aiEngineStatus = implement(actionContracts.ai_engine_status, async ({ config, db, session }) => {
  // The company's chat engine for AI content: the AI dialogs start on it.
  const own = await companyChatEngine(db, session.company);
  return {
    engines: (Object.keys(ENGINES) as EngineName[]).map((e) => ({ engine: e, label: ENGINES[e].label, env: ENGINES[e].env, configured: isConfigured(config, e), company_default: e === own })),
  };
});

export const aiGenerate = implement(actionContracts.ai_generate, async (ctx, input) => generateProductTexts(ctx, input));

export const aiProposalsAccept = implement(actionContracts.ai_proposals_accept, async (ctx, input) => decideProposals(ctx, input.proposal_ids, 'accepted'));

export const aiProposalsReject = implement(actionContracts.ai_proposals_reject, async (ctx, input) => decideProposals(ctx, input.proposal_ids, 'rejected'));

/** The form's own page permission (recipes or houses) is checked in draftContent. */
export const aiDraft = implement(actionContracts.ai_draft, async (ctx, input) => draftContent(ctx, input));

/** The picked products' texts into the other languages by the company's translation engine (src/server/ai/productTextsTranslate.ts). */
export const productTextsTranslate = implement(actionContracts.product_texts_translate, async (ctx, input) => translateProductTexts(ctx, input));
