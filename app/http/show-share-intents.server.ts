import { z } from "zod";
import { shareCreateSchema } from "~/domain/show-live-schemas";
import { createShare, revokeShare } from "~/services/show-shares.server";
import type { ActorCtx } from "~/services/context.server";
import { intent } from "./page-action.server";

/**
 * The "Share with crew" card's forms (app/components/show/share-links-card.tsx), for the page that shows it to
 * spread into its `pageAction`. A new link's URL comes back in this response only (shown once).
 */
export const shareIntents = {
  "share-create": intent({
    schema: shareCreateSchema,
    title: "Link Not Created",
    run: async ({ ctx, value, request }: { ctx: ActorCtx; value: z.output<typeof shareCreateSchema>; request: Request }) => {
      const share = await createShare(ctx, { ...value, origin: new URL(request.url).origin });
      return { data: { share: { id: share.id, url: share.url } } };
    },
  }),
  "share-revoke": intent({
    schema: z.object({ shareId: z.string({ required_error: "Choose a link" }).trim().min(1).max(64) }),
    title: "Link Not Revoked",
    run: async ({ ctx, value }: { ctx: ActorCtx; value: { shareId: string } }) => {
      await revokeShare(ctx, value);
      return {
        toast: { title: "Link Revoked", description: "The share link no longer works.", variant: "success" as const },
      };
    },
  }),
};
