// Generated from the server's /openapi.json by openapi-typescript (npm run openapi:types); do not edit.
export interface paths {
    "/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List templates (oldest first)
         * @description This key's tenant's templates, oldest first; `limit` and `offset` page through them.
         */
        get: operations["templates.list"];
        put?: never;
        /**
         * Create a template
         * @description One document type per template; template_data describes the values to extract.
         */
        post: operations["templates.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a template; it can no longer be used
         * @description Answers 204 with no body. Requests naming the template afterwards answer 404; stored runs stay.
         */
        delete: operations["templates.delete"];
        options?: never;
        head?: never;
        /**
         * Update a template; omitted fields stay
         * @description Replaces the document type, the fields, or both; template_updated_at advances. Earlier extraction runs keep the values they had.
         */
        patch: operations["templates.update"];
        trace?: never;
    };
    "/v1/documents/extract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One-shot: read, split and extract a file without storing anything
         * @description Reads the file (text layer or OCR), splits it into sections by the templates' document types and extracts each section's fields; answers the pages read, the document as markdown and the sections. Nothing is stored. With `Prefer: respond-async` it answers 202 at once and the result is at /v1/jobs/{job_id}.
         */
        post: operations["documents.extract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List documents (oldest first)
         * @description This key's tenant's stored documents, oldest first; `limit` and `offset` page through them.
         */
        get: operations["documents.list"];
        put?: never;
        /**
         * Upload a document (file or url)
         * @description Stores a PDF, image, office file, e-mail, HTML or text file, sent as the `file` part or fetched from `url`. A file that is not a readable document answers 415.
         */
        post: operations["documents.upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Earlier extraction runs of a document, oldest first
         * @description Every stored extraction run with its sections and values; `[]` when the document was never extracted.
         */
        get: operations["documents.results"];
        put?: never;
        post?: never;
        /**
         * Delete a document: the file, its parse and its results
         * @description Answers 204 with no body; the document's id answers 404 afterwards.
         */
        delete: operations["documents.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{document_id}/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split a stored document into sections by document type
         * @description Finds which pages hold which of the templates' document types. Nothing is extracted or stored. With `Prefer: respond-async` it answers 202 at once and the result is at /v1/jobs/{job_id}.
         */
        post: operations["documents.split"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{document_id}/extraction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split a stored document and extract each section; the run is stored
         * @description Splits the document by the templates' document types and extracts each section's fields; the run is stored and listed by GET /v1/documents/{document_id}. With `Prefer: respond-async` it answers 202 at once and the result is at /v1/jobs/{job_id}.
         */
        post: operations["documents.extraction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job's state, progress, and its result once it succeeded
         * @description Poll it, or pass webhook_url to be notified. `result` is the body the synchronous call would have answered; `error` the status and detail it would have answered with.
         */
        get: operations["jobs.get"];
        put?: never;
        post?: never;
        /**
         * Cancel a job (a queued one never runs, a running one is stopped) or remove a finished one from the list
         * @description Answers 204 with no body. A cancelled job ends with status `cancelled` and its webhook says so.
         */
        delete: operations["jobs.cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This tenant's jobs, newest first (without results)
         * @description Jobs are kept for JOB_RETENTION_HOURS after they end; `status` keeps only jobs in that state.
         */
        get: operations["jobs.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "job-ended": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job ended (job.succeeded, job.failed or job.cancelled)
         * @description Sent to the job's webhook_url, signed by the Standard Webhooks scheme with WEBHOOK_SECRET or the tenant's own secret; verify it with any Standard Webhooks library. Retried with backoff for a day until a 2xx answer; every attempt carries the same webhook-id.
         */
        post: operations["webhooks.jobEnded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description A new template
         * @example {
         *       "document_type": "invoice",
         *       "template_data": {
         *         "invoice_number": "The invoice's number",
         *         "invoice_date": {
         *           "type": "string",
         *           "format": "date",
         *           "description": "The date the invoice was issued"
         *         },
         *         "total_amount": {
         *           "type": "number",
         *           "description": "The amount due, taxes included"
         *         },
         *         "currency": "Three-letter currency code such as EUR"
         *       }
         *     }
         */
        CreateTemplate: {
            /**
             * @description The kind of document the template is for; the splitter labels sections with it (1 to 200 characters; surrounding spaces are dropped)
             * @example invoice
             */
            document_type: string;
            template_data: components["schemas"]["TemplateData"];
        };
        /**
         * @description The values to extract: a JSON Schema object ({type: object, properties, required}) or a shorthand map (field → description, type word, {type, description}, nested map, or one-element array for a list).
         * @example {
         *       "invoice_number": "The invoice's number",
         *       "invoice_date": {
         *         "type": "string",
         *         "format": "date",
         *         "description": "The date the invoice was issued"
         *       },
         *       "total_amount": {
         *         "type": "number",
         *         "description": "The amount due, taxes included"
         *       },
         *       "currency": "Three-letter currency code such as EUR"
         *     }
         */
        TemplateData: {
            [key: string]: unknown;
        };
        /** @description A document type and the fields to extract from it */
        Template: {
            /**
             * @description The template's id
             * @example tpl_Vd2xQ8mK3LpZr7Tn1BcYwA
             */
            template_id: string;
            /**
             * @description The kind of document the template is for; the splitter labels sections with it
             * @example invoice
             */
            document_type: string;
            template_data: components["schemas"]["TemplateData"];
            /**
             * Unix time
             * @description Seconds since the Unix epoch
             * @example 1764150000
             */
            template_created_at: number;
            /**
             * Unix time
             * @description Seconds since the Unix epoch
             * @example 1764150000
             */
            template_updated_at: number;
        };
        /**
         * @description The template's new document type, fields, or both; what is omitted stays
         * @example {
         *       "template_data": {
         *         "invoice_number": "The invoice's number",
         *         "invoice_date": {
         *           "type": "string",
         *           "format": "date",
         *           "description": "The date the invoice was issued"
         *         },
         *         "total_amount": {
         *           "type": "number",
         *           "description": "The amount due, taxes included"
         *         },
         *         "currency": "Three-letter currency code such as EUR",
         *         "due_date": {
         *           "type": "string",
         *           "format": "date"
         *         }
         *       }
         *     }
         */
        UpdateTemplate: {
            /**
             * @description The kind of document the template is for; the splitter labels sections with it (1 to 200 characters; surrounding spaces are dropped)
             * @example invoice
             */
            document_type?: string;
            template_data?: components["schemas"]["TemplateData"];
        };
        /**
         * TemplateId
         * @description A template's id, as returned when it was created
         * @example tpl_Vd2xQ8mK3LpZr7Tn1BcYwA
         */
        TemplateId: string;
        /** @description The one-shot answer: the pages read and the values of each section */
        OneShotResult: {
            /** @description Every page as read */
            ocr: components["schemas"]["OcrPage"][];
            /** @description The whole document as Markdown (headings and tables with document_layout_analysis=true) */
            markdown: string;
            /** @description The sections found, each with its values */
            result: components["schemas"]["PropertiesSection"][];
        };
        /** @description One page as read */
        OcrPage: {
            /**
             * Page number
             * @description 1-based page number of the original file
             * @example 1
             */
            page: number;
            /** @description Page width in PDF points (pixels for images) */
            width: number;
            /** @description Page height in PDF points (pixels for images) */
            height: number;
            /**
             * @description Read from the file's text layer, or by OCR
             * @enum {string}
             */
            source: "text" | "ocr";
            /** @description The page's text, lines in reading order */
            text: string;
            lines: components["schemas"]["OcrLine"][];
            words: components["schemas"]["OcrWord"][];
        };
        /** @description A line of text in reading order */
        OcrLine: {
            text: string;
            bounding_box_coordinates: components["schemas"]["BoundingBox"];
        };
        /**
         * @description [x1, y1, x2, y2], each in 0..1 of the page width/height, origin top-left
         * @example [
         *       0.62,
         *       0.08,
         *       0.91,
         *       0.11
         *     ]
         */
        BoundingBox: [
            number,
            number,
            number,
            number
        ];
        /** @description A word as read */
        OcrWord: {
            text: string;
            bounding_box_coordinates: components["schemas"]["BoundingBox"];
            /** @description The reader's certainty, 0..1; 1 for text-layer words */
            confidence: number;
        };
        PropertiesSection: {
            /**
             * @description The template's document type
             * @example invoice
             */
            document_type: string;
            /**
             * @description 1-based page numbers of the original file
             * @example [
             *       1,
             *       2
             *     ]
             */
            pages: number[];
            /**
             * Confidence
             * @description How likely the section is exactly right (its type and its pages), 0..1, calibrated like a value's; absent on results stored before it existed
             * @example 0.97
             */
            confidence?: number;
            properties: components["schemas"]["Extracted"];
        };
        /**
         * @description The template's fields with their values, following the template's field tree
         * @example {
         *       "invoice_number": "INV-2024-118",
         *       "invoice_date": "2024-11-15",
         *       "total_amount": 1249.5,
         *       "po_number": null
         *     }
         */
        Extracted: {
            [key: string]: components["schemas"]["ExtractedValue"];
        };
        /** @description A template field's value: a plain string, number or boolean, or with include_coordinates=true a LocatedValue; null when it is not in the document or the engine is less sure of it than MIN_CONFIDENCE; a list for a list field; an object for a nested field */
        ExtractedValue: string | number | boolean | null | components["schemas"]["LocatedValue"] | components["schemas"]["ExtractedValue"][] | {
            [key: string]: components["schemas"]["ExtractedValue"];
        };
        /** @description A value with the page and the box it was read from (include_coordinates=true) */
        LocatedValue: {
            /**
             * @description The value, typed as the template asks (dates as YYYY-MM-DD)
             * @example INV-2024-118
             */
            value: string | number | boolean;
            /**
             * Page number
             * @description 1-based page number of the original file
             * @example 1
             */
            page: number;
            bounding_box_coordinates: components["schemas"]["BoundingBox"];
            /**
             * Confidence
             * @description How likely the value is right, 0..1 (calibrated: among values at 0.9 or more, at least 95% are right on documents the engine was not tuned on); absent on results stored before it existed
             * @example 0.97
             */
            confidence?: number;
        };
        /**
         * JobId
         * @description A job's id, as a 202 answer gave it (also the end of its Location header)
         * @example job_AqebCalzw_ot8XlAC1yW0A
         */
        JobId: string;
        /** @description A stored document */
        Document: {
            /**
             * @description The document's id
             * @example doc_3fK2m9QxT1aZ8cVbN4pLrw
             */
            document_id: string;
            /**
             * @description The uploaded file's name, or the URL's last segment
             * @example invoice-2024-118.pdf
             */
            document_name: string;
            /**
             * Unix time
             * @description Seconds since the Unix epoch
             * @example 1764150000
             */
            document_created_at: number;
        };
        /**
         * DocumentId
         * @description A stored document's id, as returned by the upload
         * @example doc_3fK2m9QxT1aZ8cVbN4pLrw
         */
        DocumentId: string;
        /** @description One stored extraction of a document */
        ExtractionRun: {
            /**
             * @description The document's id
             * @example doc_3fK2m9QxT1aZ8cVbN4pLrw
             */
            document_id: string;
            /**
             * @description The uploaded file's name, or the URL's last segment
             * @example invoice-2024-118.pdf
             */
            document_name: string;
            /**
             * Unix time
             * @description Seconds since the Unix epoch
             * @example 1764150000
             */
            document_created_at: number;
            results: components["schemas"]["ExtractedSection"][];
            /**
             * Unix time
             * @description Seconds since the Unix epoch
             * @example 1764150000
             */
            extracted_at: number;
            /** @description The templates the run used */
            template_ids: string[];
        };
        ExtractedSection: {
            /**
             * @description The template's document type
             * @example invoice
             */
            document_type: string;
            /**
             * @description 1-based page numbers of the original file
             * @example [
             *       1,
             *       2
             *     ]
             */
            pages: number[];
            /**
             * Confidence
             * @description How likely the section is exactly right (its type and its pages), 0..1, calibrated like a value's; absent on results stored before it existed
             * @example 0.97
             */
            confidence?: number;
            extracted: components["schemas"]["Extracted"];
        };
        /**
         * @description The templates to split by and extract with
         * @example {
         *       "template_ids": [
         *         "tpl_Vd2xQ8mK3LpZr7Tn1BcYwA"
         *       ]
         *     }
         */
        TemplateIds: {
            /**
             * maxItems(100)
             * @description The templates to use (at most 100)
             */
            template_ids: components["schemas"]["TemplateId"][];
            /**
             * @description With `Prefer: respond-async`: where the server POSTs a signed notice (Standard Webhooks) when the job ends
             * @example https://example.com/hooks/docsplit
             */
            webhook_url?: string;
        };
        Section: {
            /**
             * @description The template's document type
             * @example invoice
             */
            document_type: string;
            /**
             * @description 1-based page numbers of the original file
             * @example [
             *       1,
             *       2
             *     ]
             */
            pages: number[];
            /**
             * Confidence
             * @description How likely the section is exactly right (its type and its pages), 0..1, calibrated like a value's; absent on results stored before it existed
             * @example 0.97
             */
            confidence?: number;
        };
        /** @description An asynchronous job, with its result once it succeeded */
        Job: {
            job_id: components["schemas"]["JobId"];
            /**
             * @description Which call the job runs: a stored document's extraction or split, or the one-shot extract
             * @enum {string}
             */
            kind: "extraction" | "split" | "extract";
            /**
             * @description Where the job is: queued, running, or ended (succeeded, failed, cancelled)
             * @enum {string}
             */
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            /**
             * Unix time
             * @description Seconds since the Unix epoch
             * @example 1764150000
             */
            created_at: number;
            /** @description When a worker began it; null while queued */
            started_at: number | null;
            /** @description When it ended; null until then */
            finished_at: number | null;
            progress: components["schemas"]["JobProgress"];
            /** @description Present when the job failed */
            error?: components["schemas"]["JobError"];
            /** @description Present when the job was sent with webhook_url */
            webhook?: components["schemas"]["JobWebhook"];
            /** @description Present when the job succeeded: exactly the body the synchronous call answers (the extraction's sections with values, the split's sections, or the one-shot result) */
            result?: components["schemas"]["ExtractedSection"][] | components["schemas"]["Section"][] | components["schemas"]["OneShotResult"];
        };
        /** @description How far the job is */
        JobProgress: {
            /**
             * Count
             * @description Pages read so far
             * @example 3
             */
            pages_read: number;
            /** @description Pages in the file; null until they are counted */
            pages_total: number | null;
            /**
             * Count
             * @description Sections extracted so far
             * @example 3
             */
            sections_done: number;
            /** @description Sections found; null until the file is split */
            sections_total: number | null;
        };
        /** @description Why the job failed */
        JobError: {
            /**
             * HTTP status
             * @description The HTTP status the synchronous call would have answered
             * @example 422
             */
            status: number;
            /** @description What went wrong, as the synchronous call would have said it */
            detail: string;
        };
        /** @description Delivery of the completion notice to webhook_url */
        JobWebhook: {
            /**
             * Count
             * @description Delivery attempts so far
             * @example 3
             */
            attempts: number;
            /** @description HTTP status of the last attempt; null if it got no answer */
            last_status: number | null;
            /** @description When a 2xx answer was received; null until then */
            delivered_at: number | null;
        };
        /** @description A job without its result */
        JobSummary: {
            job_id: components["schemas"]["JobId"];
            /**
             * @description Which call the job runs: a stored document's extraction or split, or the one-shot extract
             * @enum {string}
             */
            kind: "extraction" | "split" | "extract";
            /**
             * @description Where the job is: queued, running, or ended (succeeded, failed, cancelled)
             * @enum {string}
             */
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            /**
             * Unix time
             * @description Seconds since the Unix epoch
             * @example 1764150000
             */
            created_at: number;
            /** @description When a worker began it; null while queued */
            started_at: number | null;
            /** @description When it ended; null until then */
            finished_at: number | null;
            progress: components["schemas"]["JobProgress"];
            /** @description Present when the job failed */
            error?: components["schemas"]["JobError"];
            /** @description Present when the job was sent with webhook_url */
            webhook?: components["schemas"]["JobWebhook"];
        };
        Error: {
            /** @description What went wrong, for a person to read */
            detail: string;
        };
        /** @description POSTed to webhook_url when a job ends, signed by the Standard Webhooks scheme (headers webhook-id, webhook-timestamp, webhook-signature); retried with backoff for a day until a 2xx answer */
        WebhookEvent: {
            /**
             * @description How the job ended
             * @enum {string}
             */
            type: "job.succeeded" | "job.failed" | "job.cancelled";
            /** @description When the job ended (ISO 8601) */
            timestamp: string;
            data: components["schemas"]["JobSummary"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request's id (the x-request-id sent, or a new one): every log line of the request carries it */
        RequestId: string;
        /** @description Seconds to wait before sending the request again */
        RetryAfter: number;
        /** @description Where the job's state is: /v1/jobs/{job_id} */
        Location: string;
        /** @description `respond-async`: the request was queued as a job */
        PreferenceApplied: string;
        /** @description Model calls the request made (Claude engine only; absent when there were none) */
        UsageModelCalls: number;
        /** @description Input tokens of those calls */
        UsageInputTokens: number;
        /** @description Output tokens of those calls */
        UsageOutputTokens: number;
        /** @description Values the model gave that were not found in the document (answered null) */
        UsageUngroundedValues: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "templates.list": {
        parameters: {
            query?: {
                /** @description At most this many items (1..1000); all when absent */
                limit?: number;
                /** @description Skip this many items */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"][];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "templates.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplate"];
            };
        };
        responses: {
            /** @description A document type and the fields to extract from it */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description Malformed request: unparsable JSON or multipart, file and url both or neither, template_ids not a list of strings */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body, upload, download or page count over the limit */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "templates.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A template's id, as returned when it was created */
                template_id: components["schemas"]["TemplateId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this tenant */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "templates.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A template's id, as returned when it was created */
                template_id: components["schemas"]["TemplateId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTemplate"];
            };
        };
        responses: {
            /** @description A document type and the fields to extract from it */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description Malformed request: unparsable JSON or multipart, file and url both or neither, template_ids not a list of strings */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this tenant */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body, upload, download or page count over the limit */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "documents.extract": {
        parameters: {
            query?: {
                /** @description true: every value as a LocatedValue {value, page, bounding_box_coordinates, confidence} instead of the value alone (1 and 0 also work) */
                include_coordinates?: boolean;
                /** @description true: no split: one section of all pages, typed by the first template given (1 and 0 also work) */
                force_exclusive_template?: boolean;
                /** @description true: the reading order is rebuilt from the page layout (columns, tables as markdown tables, repeated headers and footers marked) before extraction (1 and 0 also work) */
                document_layout_analysis?: boolean;
            };
            header?: {
                /** @description `respond-async` (RFC 7240): queue the work as a job and answer 202 at once, with Location: /v1/jobs/{job_id} */
                prefer?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "file": "(the document's bytes)",
                 *       "template_ids": "[\"tpl_Vd2xQ8mK3LpZr7Tn1BcYwA\"]"
                 *     }
                 */
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The document. Send either file or url.
                     */
                    file?: Blob;
                    /** @description http(s) URL the server fetches. Send either file or url. */
                    url?: string;
                    /** @description Template ids: a JSON array text such as ["t1","t2"]; a repeated field or a comma list also works */
                    template_ids?: string;
                    /** @description With `Prefer: respond-async`: where the server POSTs a signed notice (Standard Webhooks) when the job ends */
                    webhook_url?: string;
                };
            };
        };
        responses: {
            /** @description The one-shot answer: the pages read and the values of each section */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "x-usage-model-calls": components["headers"]["UsageModelCalls"];
                    "x-usage-input-tokens": components["headers"]["UsageInputTokens"];
                    "x-usage-output-tokens": components["headers"]["UsageOutputTokens"];
                    "x-usage-ungrounded-values": components["headers"]["UsageUngroundedValues"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneShotResult"];
                };
            };
            /** @description The job was queued (answer to `Prefer: respond-async`); its state is at the Location header's address */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    location: components["headers"]["Location"];
                    "preference-applied": components["headers"]["PreferenceApplied"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job_id: components["schemas"]["JobId"];
                        /** @enum {string} */
                        status: "queued";
                        /**
                         * Unix time
                         * @description Seconds since the Unix epoch
                         * @example 1764150000
                         */
                        created_at: number;
                    };
                };
            };
            /** @description Malformed request: unparsable JSON or multipart, file and url both or neither, template_ids not a list of strings */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this tenant */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body, upload, download or page count over the limit */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a readable document */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL fetch or model provider failed */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL fetch or model provider timed out */
            504: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "documents.list": {
        parameters: {
            query?: {
                /** @description At most this many items (1..1000); all when absent */
                limit?: number;
                /** @description Skip this many items */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"][];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "documents.upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "file": "(the document's bytes)"
                 *     }
                 */
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The document. Send either file or url.
                     */
                    file?: Blob;
                    /** @description http(s) URL the server fetches. Send either file or url. */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description A stored document */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description Malformed request: unparsable JSON or multipart, file and url both or neither, template_ids not a list of strings */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body, upload, download or page count over the limit */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a readable document */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL fetch or model provider failed */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL fetch or model provider timed out */
            504: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "documents.results": {
        parameters: {
            query?: {
                /** @description true: every value as a LocatedValue {value, page, bounding_box_coordinates, confidence} instead of the value alone (1 and 0 also work) */
                include_coordinates?: boolean;
            };
            header?: never;
            path: {
                /** @description A stored document's id, as returned by the upload */
                document_id: components["schemas"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExtractionRun"][];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this tenant */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "documents.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A stored document's id, as returned by the upload */
                document_id: components["schemas"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this tenant */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "documents.split": {
        parameters: {
            query?: never;
            header?: {
                /** @description `respond-async` (RFC 7240): queue the work as a job and answer 202 at once, with Location: /v1/jobs/{job_id} */
                prefer?: string;
            };
            path: {
                /** @description A stored document's id, as returned by the upload */
                document_id: components["schemas"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateIds"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "x-usage-model-calls": components["headers"]["UsageModelCalls"];
                    "x-usage-input-tokens": components["headers"]["UsageInputTokens"];
                    "x-usage-output-tokens": components["headers"]["UsageOutputTokens"];
                    "x-usage-ungrounded-values": components["headers"]["UsageUngroundedValues"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Section"][];
                };
            };
            /** @description The job was queued (answer to `Prefer: respond-async`); its state is at the Location header's address */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    location: components["headers"]["Location"];
                    "preference-applied": components["headers"]["PreferenceApplied"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job_id: components["schemas"]["JobId"];
                        /** @enum {string} */
                        status: "queued";
                        /**
                         * Unix time
                         * @description Seconds since the Unix epoch
                         * @example 1764150000
                         */
                        created_at: number;
                    };
                };
            };
            /** @description Malformed request: unparsable JSON or multipart, file and url both or neither, template_ids not a list of strings */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this tenant */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body, upload, download or page count over the limit */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a readable document */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL fetch or model provider failed */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL fetch or model provider timed out */
            504: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "documents.extraction": {
        parameters: {
            query?: {
                /** @description true: every value as a LocatedValue {value, page, bounding_box_coordinates, confidence} instead of the value alone (1 and 0 also work) */
                include_coordinates?: boolean;
            };
            header?: {
                /** @description `respond-async` (RFC 7240): queue the work as a job and answer 202 at once, with Location: /v1/jobs/{job_id} */
                prefer?: string;
            };
            path: {
                /** @description A stored document's id, as returned by the upload */
                document_id: components["schemas"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateIds"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "x-usage-model-calls": components["headers"]["UsageModelCalls"];
                    "x-usage-input-tokens": components["headers"]["UsageInputTokens"];
                    "x-usage-output-tokens": components["headers"]["UsageOutputTokens"];
                    "x-usage-ungrounded-values": components["headers"]["UsageUngroundedValues"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExtractedSection"][];
                };
            };
            /** @description The job was queued (answer to `Prefer: respond-async`); its state is at the Location header's address */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    location: components["headers"]["Location"];
                    "preference-applied": components["headers"]["PreferenceApplied"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job_id: components["schemas"]["JobId"];
                        /** @enum {string} */
                        status: "queued";
                        /**
                         * Unix time
                         * @description Seconds since the Unix epoch
                         * @example 1764150000
                         */
                        created_at: number;
                    };
                };
            };
            /** @description Malformed request: unparsable JSON or multipart, file and url both or neither, template_ids not a list of strings */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this tenant */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body, upload, download or page count over the limit */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a readable document */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL fetch or model provider failed */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL fetch or model provider timed out */
            504: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "jobs.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A job's id, as a 202 answer gave it (also the end of its Location header) */
                job_id: components["schemas"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An asynchronous job, with its result once it succeeded */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this tenant */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "jobs.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A job's id, as a 202 answer gave it (also the end of its Location header) */
                job_id: components["schemas"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this tenant */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "jobs.list": {
        parameters: {
            query?: {
                /** @description At most this many items (1..1000); all when absent */
                limit?: number;
                /** @description Skip this many items */
                offset?: number;
                /** @description Only jobs in this state */
                status?: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobSummary"][];
                };
            };
            /** @description Missing or unknown x-api-key */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Well-formed but invalid: schema violations, invalid template_data, bad query values */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the body names the request id the log holds the cause under */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request queue full; retry after Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "retry-after": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.jobEnded": {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<job_id>: the same for every attempt at this notice */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any other answer (or none in 10 s) is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
