ALTER TABLE "consult_agreement" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "consult_agreement" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "consult_agreement" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "consult_agreement" ADD COLUMN "text_source" text;--> statement-breakpoint
ALTER TABLE "consult_agreement" ADD COLUMN "text_version" text;--> statement-breakpoint
ALTER TABLE "consult_agreement" ADD COLUMN "signature_file_key" text;--> statement-breakpoint
ALTER TABLE "consult_agreement" ADD COLUMN "signature_type" text;--> statement-breakpoint
ALTER TABLE "consult_agreement" ADD COLUMN "signature_sha256" text;--> statement-breakpoint
ALTER TABLE "consult_agreement" ADD COLUMN "signature_source" text;--> statement-breakpoint
ALTER TABLE "consult_agreement" ADD CONSTRAINT "consult_agreement_signature_ck" CHECK (("consult_agreement"."signature_file_key" is null) = ("consult_agreement"."signature_sha256" is null) and (not "consult_agreement"."signed" or "consult_agreement"."text_version" is null or "consult_agreement"."signature_file_key" is not null));