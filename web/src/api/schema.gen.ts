/**
 * Types of the gateway's HTTP API, generated from the document it serves at /openapi.json.
 * Do not edit: `npm run api:types` rewrites this file, and src/console/openapi-types.test.ts
 * fails when it no longer matches what the server generates.
 */

export interface paths {
    "/v1/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a chat completion. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        messages: (({
                            /** @enum {string} */
                            role: "system" | "developer";
                            content: string | ({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            name?: string;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            role: "user";
                            content: string | (({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "image_url";
                                image_url: {
                                    url: string;
                                    /** @enum {string} */
                                    detail?: "auto" | "low" | "high";
                                } & {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "input_audio";
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "file";
                            } & {
                                [key: string]: unknown;
                            }))[];
                            name?: string;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            role: "assistant";
                            content?: string | ({
                                /** @enum {string} */
                                type: "text" | "refusal";
                            } & {
                                [key: string]: unknown;
                            })[] | null;
                            tool_calls?: (({
                                id: string;
                                /** @constant */
                                type: "function";
                                function: {
                                    name: string;
                                    arguments: string;
                                } & {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                id: string;
                                /** @constant */
                                type: "custom";
                                custom: {
                                    name: string;
                                    input: string;
                                } & {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }))[];
                            refusal?: string | null;
                            name?: string;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            role: "tool";
                            tool_call_id: string;
                            content: string | ({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            role: "function";
                            name: string;
                            content: string | null;
                        } & {
                            [key: string]: unknown;
                        }))[];
                        temperature?: number | null;
                        top_p?: number | null;
                        n?: number | null;
                        stop?: (string | string[]) | null;
                        seed?: number | null;
                        presence_penalty?: number | null;
                        frequency_penalty?: number | null;
                        logit_bias?: {
                            [key: string]: number;
                        } | null;
                        logprobs?: boolean | null;
                        top_logprobs?: number | null;
                        max_tokens?: number | null;
                        max_completion_tokens?: number | null;
                        stream?: boolean | null;
                        stream_options?: ({
                            include_usage?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        tools?: (({
                            /** @constant */
                            type: "function";
                            function: {
                                name: string;
                                description?: string;
                                parameters?: {
                                    [key: string]: unknown;
                                };
                                strict?: boolean | null;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "custom";
                            custom: {
                                name: string;
                                description?: string;
                                format?: ({
                                    /** @constant */
                                    type: "text";
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "grammar";
                                    grammar: {
                                        definition: string;
                                        /** @enum {string} */
                                        syntax: "lark" | "regex";
                                    } & {
                                        [key: string]: unknown;
                                    };
                                } & {
                                    [key: string]: unknown;
                                });
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        }))[];
                        tool_choice?: ("none" | "auto" | "required") | ({
                            /** @constant */
                            type: "function";
                            function: {
                                name: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "custom";
                            custom: {
                                name: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "allowed_tools";
                            allowed_tools: {
                                /** @enum {string} */
                                mode: "auto" | "required";
                                tools: {
                                    [key: string]: unknown;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        });
                        parallel_tool_calls?: boolean;
                        response_format?: ({
                            /** @constant */
                            type: "text";
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "json_object";
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "json_schema";
                            json_schema: {
                                name: string;
                                description?: string;
                                schema?: {
                                    [key: string]: unknown;
                                };
                                strict?: boolean | null;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        });
                        reasoning_effort?: ("none" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max") | null;
                        user?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a text completion. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        prompt: string | string[] | number[] | number[][];
                        suffix?: string | null;
                        echo?: boolean | null;
                        logprobs?: number | null;
                        best_of?: number | null;
                        n?: number | null;
                        max_tokens?: number | null;
                        stop?: (string | string[]) | null;
                        temperature?: number | null;
                        top_p?: number | null;
                        presence_penalty?: number | null;
                        frequency_penalty?: number | null;
                        logit_bias?: {
                            [key: string]: number;
                        } | null;
                        seed?: number | null;
                        stream?: boolean | null;
                        stream_options?: ({
                            include_usage?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        user?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create embeddings. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        input: string | string[] | number[] | number[][];
                        /** @enum {string} */
                        encoding_format?: "float" | "base64";
                        dimensions?: number;
                        user?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the models the key may call. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model the key may call (`author/name`, slash included). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Model id, e.g. openai/gpt-4o-mini. */
                    model: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling key's own record, limits and this month's usage (never billed). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a message (Anthropic Messages API), for every model of the catalogue. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        max_tokens: number;
                        messages: ({
                            /** @enum {string} */
                            role: "user" | "assistant" | "system";
                            content: string | (({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "image";
                                source: ({
                                    /** @constant */
                                    type: "base64";
                                    media_type: string;
                                    data: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "url";
                                    url: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "file";
                                } & {
                                    [key: string]: unknown;
                                });
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "tool_use";
                                id: string;
                                name: string;
                                input: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "tool_result";
                                tool_use_id: string;
                                content?: string | (({
                                    /** @constant */
                                    type: "text";
                                    text: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "image";
                                    source: ({
                                        /** @constant */
                                        type: "base64";
                                        media_type: string;
                                        data: string;
                                    } & {
                                        [key: string]: unknown;
                                    }) | ({
                                        /** @constant */
                                        type: "url";
                                        url: string;
                                    } & {
                                        [key: string]: unknown;
                                    }) | ({
                                        /** @constant */
                                        type: "file";
                                    } & {
                                        [key: string]: unknown;
                                    });
                                } & {
                                    [key: string]: unknown;
                                }))[];
                                is_error?: boolean;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "thinking";
                                thinking: string;
                                signature?: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @enum {string} */
                                type: "redacted_thinking" | "document" | "search_result" | "server_tool_use" | "container_upload";
                            } & {
                                [key: string]: unknown;
                            }))[];
                        } & {
                            [key: string]: unknown;
                        })[];
                        system?: string | ({
                            /** @constant */
                            type: "text";
                            text: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        tools?: ({
                            name: string;
                            description?: string;
                            input_schema?: {
                                [key: string]: unknown;
                            };
                            type?: string;
                            strict?: boolean;
                        } & {
                            [key: string]: unknown;
                        })[];
                        tool_choice?: ({
                            /** @enum {string} */
                            type: "auto" | "any";
                            disable_parallel_tool_use?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "tool";
                            name: string;
                            disable_parallel_tool_use?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "none";
                        } & {
                            [key: string]: unknown;
                        });
                        stop_sequences?: string[];
                        temperature?: number;
                        top_p?: number;
                        top_k?: number;
                        thinking?: ({
                            /** @constant */
                            type: "enabled";
                            budget_tokens: number;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "adaptive";
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "disabled";
                        } & {
                            [key: string]: unknown;
                        });
                        stream?: boolean;
                        metadata?: {
                            user_id?: string | null;
                        } & {
                            [key: string]: unknown;
                        };
                        output_config?: {
                            /** @enum {string} */
                            effort?: "low" | "medium" | "high" | "max";
                            format?: ({
                                /** @constant */
                                type: "json_schema";
                                schema: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | null;
                        } & {
                            [key: string]: unknown;
                        };
                        thread?: ({
                            /** @constant */
                            type: "create";
                        } | {
                            /** @constant */
                            type: "continue";
                            previous_message_id: string;
                        }) | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Anthropic Messages response (JSON, or SSE with `event:` lines when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Anthropic error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/count_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count the input tokens of a Messages request (estimated with the o200k tokenizer; not billed). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        messages: ({
                            /** @enum {string} */
                            role: "user" | "assistant" | "system";
                            content: string | (({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "image";
                                source: ({
                                    /** @constant */
                                    type: "base64";
                                    media_type: string;
                                    data: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "url";
                                    url: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "file";
                                } & {
                                    [key: string]: unknown;
                                });
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "tool_use";
                                id: string;
                                name: string;
                                input: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "tool_result";
                                tool_use_id: string;
                                content?: string | (({
                                    /** @constant */
                                    type: "text";
                                    text: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "image";
                                    source: ({
                                        /** @constant */
                                        type: "base64";
                                        media_type: string;
                                        data: string;
                                    } & {
                                        [key: string]: unknown;
                                    }) | ({
                                        /** @constant */
                                        type: "url";
                                        url: string;
                                    } & {
                                        [key: string]: unknown;
                                    }) | ({
                                        /** @constant */
                                        type: "file";
                                    } & {
                                        [key: string]: unknown;
                                    });
                                } & {
                                    [key: string]: unknown;
                                }))[];
                                is_error?: boolean;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "thinking";
                                thinking: string;
                                signature?: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @enum {string} */
                                type: "redacted_thinking" | "document" | "search_result" | "server_tool_use" | "container_upload";
                            } & {
                                [key: string]: unknown;
                            }))[];
                        } & {
                            [key: string]: unknown;
                        })[];
                        system?: string | ({
                            /** @constant */
                            type: "text";
                            text: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        tools?: ({
                            name: string;
                            description?: string;
                            input_schema?: {
                                [key: string]: unknown;
                            };
                            type?: string;
                            strict?: boolean;
                        } & {
                            [key: string]: unknown;
                        })[];
                        tool_choice?: ({
                            /** @enum {string} */
                            type: "auto" | "any";
                            disable_parallel_tool_use?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "tool";
                            name: string;
                            disable_parallel_tool_use?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "none";
                        } & {
                            [key: string]: unknown;
                        });
                        stop_sequences?: string[];
                        temperature?: number;
                        top_p?: number;
                        top_k?: number;
                        thinking?: ({
                            /** @constant */
                            type: "enabled";
                            budget_tokens: number;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "adaptive";
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "disabled";
                        } & {
                            [key: string]: unknown;
                        });
                        metadata?: {
                            user_id?: string | null;
                        } & {
                            [key: string]: unknown;
                        };
                        output_config?: {
                            /** @enum {string} */
                            effort?: "low" | "medium" | "high" | "max";
                            format?: ({
                                /** @constant */
                                type: "json_schema";
                                schema: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | null;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Anthropic Messages response (JSON, or SSE with `event:` lines when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Anthropic error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Same as POST /v1/messages (for an Anthropic SDK whose base URL ends in /v1). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        max_tokens: number;
                        messages: ({
                            /** @enum {string} */
                            role: "user" | "assistant" | "system";
                            content: string | (({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "image";
                                source: ({
                                    /** @constant */
                                    type: "base64";
                                    media_type: string;
                                    data: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "url";
                                    url: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "file";
                                } & {
                                    [key: string]: unknown;
                                });
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "tool_use";
                                id: string;
                                name: string;
                                input: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "tool_result";
                                tool_use_id: string;
                                content?: string | (({
                                    /** @constant */
                                    type: "text";
                                    text: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "image";
                                    source: ({
                                        /** @constant */
                                        type: "base64";
                                        media_type: string;
                                        data: string;
                                    } & {
                                        [key: string]: unknown;
                                    }) | ({
                                        /** @constant */
                                        type: "url";
                                        url: string;
                                    } & {
                                        [key: string]: unknown;
                                    }) | ({
                                        /** @constant */
                                        type: "file";
                                    } & {
                                        [key: string]: unknown;
                                    });
                                } & {
                                    [key: string]: unknown;
                                }))[];
                                is_error?: boolean;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "thinking";
                                thinking: string;
                                signature?: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @enum {string} */
                                type: "redacted_thinking" | "document" | "search_result" | "server_tool_use" | "container_upload";
                            } & {
                                [key: string]: unknown;
                            }))[];
                        } & {
                            [key: string]: unknown;
                        })[];
                        system?: string | ({
                            /** @constant */
                            type: "text";
                            text: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        tools?: ({
                            name: string;
                            description?: string;
                            input_schema?: {
                                [key: string]: unknown;
                            };
                            type?: string;
                            strict?: boolean;
                        } & {
                            [key: string]: unknown;
                        })[];
                        tool_choice?: ({
                            /** @enum {string} */
                            type: "auto" | "any";
                            disable_parallel_tool_use?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "tool";
                            name: string;
                            disable_parallel_tool_use?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "none";
                        } & {
                            [key: string]: unknown;
                        });
                        stop_sequences?: string[];
                        temperature?: number;
                        top_p?: number;
                        top_k?: number;
                        thinking?: ({
                            /** @constant */
                            type: "enabled";
                            budget_tokens: number;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "adaptive";
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "disabled";
                        } & {
                            [key: string]: unknown;
                        });
                        stream?: boolean;
                        metadata?: {
                            user_id?: string | null;
                        } & {
                            [key: string]: unknown;
                        };
                        output_config?: {
                            /** @enum {string} */
                            effort?: "low" | "medium" | "high" | "max";
                            format?: ({
                                /** @constant */
                                type: "json_schema";
                                schema: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | null;
                        } & {
                            [key: string]: unknown;
                        };
                        thread?: ({
                            /** @constant */
                            type: "create";
                        } | {
                            /** @constant */
                            type: "continue";
                            previous_message_id: string;
                        }) | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Anthropic Messages response (JSON, or SSE with `event:` lines when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Anthropic error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/v1/messages/count_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Same as POST /v1/messages/count_tokens (base URL ending in /v1). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        messages: ({
                            /** @enum {string} */
                            role: "user" | "assistant" | "system";
                            content: string | (({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "image";
                                source: ({
                                    /** @constant */
                                    type: "base64";
                                    media_type: string;
                                    data: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "url";
                                    url: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "file";
                                } & {
                                    [key: string]: unknown;
                                });
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "tool_use";
                                id: string;
                                name: string;
                                input: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "tool_result";
                                tool_use_id: string;
                                content?: string | (({
                                    /** @constant */
                                    type: "text";
                                    text: string;
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "image";
                                    source: ({
                                        /** @constant */
                                        type: "base64";
                                        media_type: string;
                                        data: string;
                                    } & {
                                        [key: string]: unknown;
                                    }) | ({
                                        /** @constant */
                                        type: "url";
                                        url: string;
                                    } & {
                                        [key: string]: unknown;
                                    }) | ({
                                        /** @constant */
                                        type: "file";
                                    } & {
                                        [key: string]: unknown;
                                    });
                                } & {
                                    [key: string]: unknown;
                                }))[];
                                is_error?: boolean;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "thinking";
                                thinking: string;
                                signature?: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @enum {string} */
                                type: "redacted_thinking" | "document" | "search_result" | "server_tool_use" | "container_upload";
                            } & {
                                [key: string]: unknown;
                            }))[];
                        } & {
                            [key: string]: unknown;
                        })[];
                        system?: string | ({
                            /** @constant */
                            type: "text";
                            text: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        tools?: ({
                            name: string;
                            description?: string;
                            input_schema?: {
                                [key: string]: unknown;
                            };
                            type?: string;
                            strict?: boolean;
                        } & {
                            [key: string]: unknown;
                        })[];
                        tool_choice?: ({
                            /** @enum {string} */
                            type: "auto" | "any";
                            disable_parallel_tool_use?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "tool";
                            name: string;
                            disable_parallel_tool_use?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "none";
                        } & {
                            [key: string]: unknown;
                        });
                        stop_sequences?: string[];
                        temperature?: number;
                        top_p?: number;
                        top_k?: number;
                        thinking?: ({
                            /** @constant */
                            type: "enabled";
                            budget_tokens: number;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "adaptive";
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "disabled";
                        } & {
                            [key: string]: unknown;
                        });
                        metadata?: {
                            user_id?: string | null;
                        } & {
                            [key: string]: unknown;
                        };
                        output_config?: {
                            /** @enum {string} */
                            effort?: "low" | "medium" | "high" | "max";
                            format?: ({
                                /** @constant */
                                type: "json_schema";
                                schema: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | null;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Anthropic Messages response (JSON, or SSE with `event:` lines when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Anthropic error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a response (OpenAI Responses API); stored by default. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        input?: string | (({
                            /** @constant */
                            type?: "message";
                            /** @enum {string} */
                            role: "user" | "assistant" | "system" | "developer";
                            content: string | (({
                                /** @enum {string} */
                                type: "input_text" | "output_text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "refusal";
                                refusal: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "input_image";
                                image_url?: string | null;
                                file_id?: string | null;
                                /** @enum {string} */
                                detail?: "auto" | "low" | "high";
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @enum {string} */
                                type: "input_file" | "input_audio";
                            } & {
                                [key: string]: unknown;
                            }))[];
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "function_call";
                            call_id: string;
                            name: string;
                            arguments: string;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "function_call_output";
                            call_id: string;
                            output: string | (({
                                /** @enum {string} */
                                type: "input_text" | "output_text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "refusal";
                                refusal: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "input_image";
                                image_url?: string | null;
                                file_id?: string | null;
                                /** @enum {string} */
                                detail?: "auto" | "low" | "high";
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @enum {string} */
                                type: "input_file" | "input_audio";
                            } & {
                                [key: string]: unknown;
                            }))[];
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "reasoning";
                            summary?: ({
                                text: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            content?: ({
                                text: string;
                            } & {
                                [key: string]: unknown;
                            })[] | null;
                            encrypted_content?: string | null;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @enum {string} */
                            type: "item_reference" | "file_search_call" | "web_search_call" | "computer_call" | "computer_call_output" | "image_generation_call" | "code_interpreter_call" | "local_shell_call" | "local_shell_call_output" | "mcp_call" | "mcp_list_tools" | "mcp_approval_request" | "mcp_approval_response" | "custom_tool_call" | "custom_tool_call_output";
                        } & {
                            [key: string]: unknown;
                        }))[];
                        instructions?: string | null;
                        tools?: (({
                            /** @constant */
                            type: "function";
                            name: string;
                            description?: string | null;
                            parameters?: {
                                [key: string]: unknown;
                            } | null;
                            strict?: boolean | null;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            type: string;
                        } & {
                            [key: string]: unknown;
                        }))[];
                        tool_choice?: ("none" | "auto" | "required") | ({
                            /** @constant */
                            type: "function";
                            name: string;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            type: string;
                        } & {
                            [key: string]: unknown;
                        });
                        parallel_tool_calls?: boolean | null;
                        text?: ({
                            format?: ({
                                /** @constant */
                                type: "text";
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "json_object";
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "json_schema";
                                name: string;
                                schema: {
                                    [key: string]: unknown;
                                };
                                strict?: boolean | null;
                                description?: string;
                            } & {
                                [key: string]: unknown;
                            });
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        reasoning?: ({
                            effort?: ("none" | "minimal" | "low" | "medium" | "high" | "xhigh") | null;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        max_output_tokens?: number | null;
                        temperature?: number | null;
                        top_p?: number | null;
                        stream?: boolean | null;
                        store?: boolean | null;
                        previous_response_id?: string | null;
                        metadata?: {
                            [key: string]: string;
                        } | null;
                        user?: string;
                        safety_identifier?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/responses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored response of this project. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Response id (resp_...). */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rerank": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rerank documents against a query (Cohere v1 and Jina shapes); billed per search unit or per token. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        query: string;
                        documents: (string | {
                            [key: string]: unknown;
                        })[];
                        top_n?: number | null;
                        return_documents?: boolean | null;
                        rank_fields?: string[] | null;
                        max_chunks_per_doc?: number | null;
                        max_tokens_per_doc?: number | null;
                        priority?: number | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/rerank": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rerank documents against a query (Cohere v2 shape); billed per search unit or per token. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        query: string;
                        documents: (string | {
                            [key: string]: unknown;
                        })[];
                        top_n?: number | null;
                        return_documents?: boolean | null;
                        rank_fields?: string[] | null;
                        max_chunks_per_doc?: number | null;
                        max_tokens_per_doc?: number | null;
                        priority?: number | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description OpenAI-compatible response (JSON, or SSE when `stream` is true). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description OpenAI error envelope (docs/errors.md). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness (kept for existing probes). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The process answers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            status: "ok";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers (also while draining). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Live. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            status: "ok";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the store, Redis (when configured) and the catalogue are usable, and the process is not draining. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ready. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            status: "ready" | "not_ready" | "draining";
                            checks: {
                                [key: string]: "ok" | "unavailable";
                            };
                        };
                    };
                };
                /** @description Not ready, or draining after SIGTERM. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            status: "ready" | "not_ready" | "draining";
                            checks: {
                                [key: string]: "ok" | "unavailable";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text format 0.0.4); absent with TF_METRICS=false or TF_METRICS_PORT. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Metrics. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description Missing or wrong TF_METRICS_TOKEN. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirects to the web console (302 to /console/). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Redirect to /console/. */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The web console (single-page app). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTML page. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The web console (`/console/` included): hashed assets (`/console/assets/...`), else the single-page app. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTML page. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/top-ups/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The manual top-up page: amount, reference and payment instructions. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    paymentId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTML page. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe webhook (raw body, verified with Stripe-Signature); completes top-ups. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Accepted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAPI 3.1. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and a personal organization; signs in (sets the session cookie). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        password: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Null for the platform operator. */
                            user: {
                                id: string;
                                email: string;
                                name: string;
                                created_at: string;
                            } | null;
                            auth: {
                                /** @enum {string} */
                                kind: "session" | "access_token" | "operator";
                                /** @description Organization an access token is narrowed to. */
                                organization_id: string | null;
                            };
                            organizations: {
                                id: string;
                                name: string;
                                role: string | null;
                                personal: boolean;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    convert: boolean;
                                    delete: boolean;
                                    manage_members: boolean;
                                    manage_owners: boolean;
                                    manage_aliases: boolean;
                                    read_billing: boolean;
                                    manage_billing: boolean;
                                    manage_webhooks: boolean;
                                    read_audit_log: boolean;
                                    read_usage: boolean;
                                    create_project: boolean;
                                };
                            }[];
                            projects: {
                                id: string;
                                org_id: string;
                                name: string;
                                /** @description Your project role, if any. */
                                role: string | null;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    manage_members: boolean;
                                    manage_keys: boolean;
                                    manage_aliases: boolean;
                                    manage_limits: boolean;
                                    manage_budget: boolean;
                                    read_requests: boolean;
                                    read_usage: boolean;
                                    use_playground: boolean;
                                };
                            }[];
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email and password (sets the session cookie). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Null for the platform operator. */
                            user: {
                                id: string;
                                email: string;
                                name: string;
                                created_at: string;
                            } | null;
                            auth: {
                                /** @enum {string} */
                                kind: "session" | "access_token" | "operator";
                                /** @description Organization an access token is narrowed to. */
                                organization_id: string | null;
                            };
                            organizations: {
                                id: string;
                                name: string;
                                role: string | null;
                                personal: boolean;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    convert: boolean;
                                    delete: boolean;
                                    manage_members: boolean;
                                    manage_owners: boolean;
                                    manage_aliases: boolean;
                                    read_billing: boolean;
                                    manage_billing: boolean;
                                    manage_webhooks: boolean;
                                    read_audit_log: boolean;
                                    read_usage: boolean;
                                    create_project: boolean;
                                };
                            }[];
                            projects: {
                                id: string;
                                org_id: string;
                                name: string;
                                /** @description Your project role, if any. */
                                role: string | null;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    manage_members: boolean;
                                    manage_keys: boolean;
                                    manage_aliases: boolean;
                                    manage_limits: boolean;
                                    manage_budget: boolean;
                                    read_requests: boolean;
                                    read_usage: boolean;
                                    use_playground: boolean;
                                };
                            }[];
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the current session server-side and clear the cookie. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller, their organizations with roles, and the projects they can reach. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Null for the platform operator. */
                            user: {
                                id: string;
                                email: string;
                                name: string;
                                created_at: string;
                            } | null;
                            auth: {
                                /** @enum {string} */
                                kind: "session" | "access_token" | "operator";
                                /** @description Organization an access token is narrowed to. */
                                organization_id: string | null;
                            };
                            organizations: {
                                id: string;
                                name: string;
                                role: string | null;
                                personal: boolean;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    convert: boolean;
                                    delete: boolean;
                                    manage_members: boolean;
                                    manage_owners: boolean;
                                    manage_aliases: boolean;
                                    read_billing: boolean;
                                    manage_billing: boolean;
                                    manage_webhooks: boolean;
                                    read_audit_log: boolean;
                                    read_usage: boolean;
                                    create_project: boolean;
                                };
                            }[];
                            projects: {
                                id: string;
                                org_id: string;
                                name: string;
                                /** @description Your project role, if any. */
                                role: string | null;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    manage_members: boolean;
                                    manage_keys: boolean;
                                    manage_aliases: boolean;
                                    manage_limits: boolean;
                                    manage_budget: boolean;
                                    read_requests: boolean;
                                    read_usage: boolean;
                                    use_playground: boolean;
                                };
                            }[];
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/access-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your access tokens, newest first. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                /** @description First 12 characters, to recognise the token. */
                                prefix: string;
                                org_id: string | null;
                                expires_at: string | null;
                                last_used_at: string | null;
                                revoked: boolean;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        /** Create an access token (the secret is shown once). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        org_id?: string | null;
                        expires_at?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @description First 12 characters, to recognise the token. */
                            prefix: string;
                            org_id: string | null;
                            expires_at: string | null;
                            last_used_at: string | null;
                            revoked: boolean;
                            created_at: string;
                            /** @description tf_at_...; shown once, stored only as a hash. */
                            secret: string;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/access-tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of your access tokens. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tokenId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your notifications, newest first. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    unread?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                kind: string;
                                title: string;
                                body: string;
                                org_id: string | null;
                                read_at: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notifications/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark every notification read. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notifications/{notificationId}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark one notification read. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    notificationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organizations you belong to. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                slug: string | null;
                                personal: boolean;
                                /** @enum {string} */
                                project_access: "open" | "restricted";
                                allowed_models: string[];
                                /** @description Your organization role (null for the platform operator). */
                                role: string | null;
                                created_at: string;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    convert: boolean;
                                    delete: boolean;
                                    manage_members: boolean;
                                    manage_owners: boolean;
                                    manage_aliases: boolean;
                                    read_billing: boolean;
                                    manage_billing: boolean;
                                    manage_webhooks: boolean;
                                    read_audit_log: boolean;
                                    read_usage: boolean;
                                    create_project: boolean;
                                };
                            }[];
                            next_cursor: null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        /** Create a company organization; you become its owner. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        slug?: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            slug: string | null;
                            personal: boolean;
                            /** @enum {string} */
                            project_access: "open" | "restricted";
                            allowed_models: string[];
                            /** @description Your organization role (null for the platform operator). */
                            role: string | null;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                convert: boolean;
                                delete: boolean;
                                manage_members: boolean;
                                manage_owners: boolean;
                                manage_aliases: boolean;
                                read_billing: boolean;
                                manage_billing: boolean;
                                manage_webhooks: boolean;
                                read_audit_log: boolean;
                                read_usage: boolean;
                                create_project: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an organization. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            slug: string | null;
                            personal: boolean;
                            /** @enum {string} */
                            project_access: "open" | "restricted";
                            allowed_models: string[];
                            /** @description Your organization role (null for the platform operator). */
                            role: string | null;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                convert: boolean;
                                delete: boolean;
                                manage_members: boolean;
                                manage_owners: boolean;
                                manage_aliases: boolean;
                                read_billing: boolean;
                                manage_billing: boolean;
                                manage_webhooks: boolean;
                                read_audit_log: boolean;
                                read_usage: boolean;
                                create_project: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete (close) the organization: keys disabled, data kept. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename an organization. */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            slug: string | null;
                            personal: boolean;
                            /** @enum {string} */
                            project_access: "open" | "restricted";
                            allowed_models: string[];
                            /** @description Your organization role (null for the platform operator). */
                            role: string | null;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                convert: boolean;
                                delete: boolean;
                                manage_members: boolean;
                                manage_owners: boolean;
                                manage_aliases: boolean;
                                read_billing: boolean;
                                manage_billing: boolean;
                                manage_webhooks: boolean;
                                read_audit_log: boolean;
                                read_usage: boolean;
                                create_project: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/orgs/{orgId}/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Convert a personal organization into a company organization. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        slug: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            slug: string | null;
                            personal: boolean;
                            /** @enum {string} */
                            project_access: "open" | "restricted";
                            allowed_models: string[];
                            /** @description Your organization role (null for the platform operator). */
                            role: string | null;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                convert: boolean;
                                delete: boolean;
                                manage_members: boolean;
                                manage_owners: boolean;
                                manage_aliases: boolean;
                                read_billing: boolean;
                                manage_billing: boolean;
                                manage_webhooks: boolean;
                                read_audit_log: boolean;
                                read_usage: boolean;
                                create_project: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/project-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set who sees which projects (open or restricted). */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        mode: "open" | "restricted";
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            slug: string | null;
                            personal: boolean;
                            /** @enum {string} */
                            project_access: "open" | "restricted";
                            allowed_models: string[];
                            /** @description Your organization role (null for the platform operator). */
                            role: string | null;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                convert: boolean;
                                delete: boolean;
                                manage_members: boolean;
                                manage_owners: boolean;
                                manage_aliases: boolean;
                                read_billing: boolean;
                                manage_billing: boolean;
                                manage_webhooks: boolean;
                                read_audit_log: boolean;
                                read_usage: boolean;
                                create_project: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/allowed-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the models the organization may call (empty: all). */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        models: string[];
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            slug: string | null;
                            personal: boolean;
                            /** @enum {string} */
                            project_access: "open" | "restricted";
                            allowed_models: string[];
                            /** @description Your organization role (null for the platform operator). */
                            role: string | null;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                convert: boolean;
                                delete: boolean;
                                manage_members: boolean;
                                manage_owners: boolean;
                                manage_aliases: boolean;
                                read_billing: boolean;
                                manage_billing: boolean;
                                manage_webhooks: boolean;
                                read_audit_log: boolean;
                                read_usage: boolean;
                                create_project: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List organization members. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                user_id: string;
                                email: string;
                                name: string;
                                role: string;
                                created_at: string;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    update: boolean;
                                    remove: boolean;
                                };
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (and their project roles). */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a member's role (owner changes need an owner). */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "owner" | "admin" | "billing_admin" | "developer" | "viewer" | "auditor";
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user_id: string;
                            email: string;
                            name: string;
                            role: string;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                update: boolean;
                                remove: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/orgs/{orgId}/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invites, newest first. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                org_id: string;
                                email: string;
                                role: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "revoked" | "expired";
                                created_at: string;
                                expires_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        /** Invite a person by email; the link is shown once. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "billing_admin" | "developer" | "viewer" | "auditor";
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            email: string;
                            role: string;
                            /** @enum {string} */
                            status: "pending" | "accepted" | "revoked" | "expired";
                            created_at: string;
                            expires_at: string;
                            /** @description Invite link, shown once when email delivery is not configured (pass it on); null when it was emailed to the invitee. */
                            url: string | null;
                            emailed: boolean;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an invite. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    inviteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invites/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What an invite link offers (organization, email, role, whether the email has an account), before accepting. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            org_id: string;
                            org_name: string;
                            /** @description The invited email; only that account can accept. */
                            email: string;
                            role: string;
                            expires_at: string;
                            /** @description Whether the email has an account (sign in to accept) or not (create one). */
                            account_exists: boolean;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invites/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invite: signed in as the invited email, or with that account's password, or creating the account (name + password); the token alone signs nobody in. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        name?: string;
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Null for the platform operator. */
                            user: {
                                id: string;
                                email: string;
                                name: string;
                                created_at: string;
                            } | null;
                            auth: {
                                /** @enum {string} */
                                kind: "session" | "access_token" | "operator";
                                /** @description Organization an access token is narrowed to. */
                                organization_id: string | null;
                            };
                            organizations: {
                                id: string;
                                name: string;
                                role: string | null;
                                personal: boolean;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    convert: boolean;
                                    delete: boolean;
                                    manage_members: boolean;
                                    manage_owners: boolean;
                                    manage_aliases: boolean;
                                    read_billing: boolean;
                                    manage_billing: boolean;
                                    manage_webhooks: boolean;
                                    read_audit_log: boolean;
                                    read_usage: boolean;
                                    create_project: boolean;
                                };
                            }[];
                            projects: {
                                id: string;
                                org_id: string;
                                name: string;
                                /** @description Your project role, if any. */
                                role: string | null;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    manage_members: boolean;
                                    manage_keys: boolean;
                                    manage_aliases: boolean;
                                    manage_limits: boolean;
                                    manage_budget: boolean;
                                    read_requests: boolean;
                                    read_usage: boolean;
                                    use_playground: boolean;
                                };
                            }[];
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the projects you can reach. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                org_id: string;
                                name: string;
                                /** @description Your project role, if any (it adds to your organization role). */
                                role: string | null;
                                created_at: string;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    manage_members: boolean;
                                    manage_keys: boolean;
                                    manage_aliases: boolean;
                                    manage_limits: boolean;
                                    manage_budget: boolean;
                                    read_requests: boolean;
                                    read_usage: boolean;
                                    use_playground: boolean;
                                };
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        /** Create a project. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            name: string;
                            /** @description Your project role, if any (it adds to your organization role). */
                            role: string | null;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                manage_members: boolean;
                                manage_keys: boolean;
                                manage_aliases: boolean;
                                manage_limits: boolean;
                                manage_budget: boolean;
                                read_requests: boolean;
                                read_usage: boolean;
                                use_playground: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a project. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            name: string;
                            /** @description Your project role, if any (it adds to your organization role). */
                            role: string | null;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                manage_members: boolean;
                                manage_keys: boolean;
                                manage_aliases: boolean;
                                manage_limits: boolean;
                                manage_budget: boolean;
                                read_requests: boolean;
                                read_usage: boolean;
                                use_playground: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a project. */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            name: string;
                            /** @description Your project role, if any (it adds to your organization role). */
                            role: string | null;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                manage_members: boolean;
                                manage_keys: boolean;
                                manage_aliases: boolean;
                                manage_limits: boolean;
                                manage_budget: boolean;
                                read_requests: boolean;
                                read_usage: boolean;
                                use_playground: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/projects/{projectId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List project members. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                user_id: string;
                                email: string;
                                name: string;
                                role: string;
                                created_at: string;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    update: boolean;
                                    remove: boolean;
                                };
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        /** Add an organization member to the project. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        user_id: string;
                        /** @enum {string} */
                        role: "admin" | "developer" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user_id: string;
                            email: string;
                            name: string;
                            role: string;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                update: boolean;
                                remove: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a project member. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a project member's role. */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "admin" | "developer" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user_id: string;
                            email: string;
                            name: string;
                            role: string;
                            created_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                update: boolean;
                                remove: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/projects/{projectId}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a project's keys (metadata, never secrets), newest first. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                project_id: string;
                                name: string;
                                /** @description First 12 characters of the secret. */
                                prefix: string;
                                disabled: boolean;
                                expires_at: string | null;
                                allowed_models: string[] | null;
                                /** @description Monthly budget, USD decimal string. */
                                budget_usd: string | null;
                                created_at: string;
                                updated_at: string;
                                /** @description Arrival time of the key's newest billed request, or null. */
                                last_used_at: string | null;
                                /** @description Settled usage since the start of the UTC month (the same figures as the usage report grouped by key). */
                                usage_this_month: {
                                    requests: number;
                                    /** @description USD decimal string. */
                                    cost_usd: string;
                                };
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    delete: boolean;
                                };
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        /** Create a key; the secret is returned once. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        expires_at?: string | null;
                        allowed_models?: string[] | null;
                        budget_usd?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @description First 12 characters of the secret. */
                            prefix: string;
                            disabled: boolean;
                            expires_at: string | null;
                            allowed_models: string[] | null;
                            /** @description Monthly budget, USD decimal string. */
                            budget_usd: string | null;
                            created_at: string;
                            updated_at: string;
                            /** @description Arrival time of the key's newest billed request, or null. */
                            last_used_at: string | null;
                            /** @description Settled usage since the start of the UTC month (the same figures as the usage report grouped by key). */
                            usage_this_month: {
                                requests: number;
                                /** @description USD decimal string. */
                                cost_usd: string;
                            };
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                            };
                            /** @description sk-tf-...; shown once, stored only as a hash. */
                            secret: string;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a key. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @description First 12 characters of the secret. */
                            prefix: string;
                            disabled: boolean;
                            expires_at: string | null;
                            allowed_models: string[] | null;
                            /** @description Monthly budget, USD decimal string. */
                            budget_usd: string | null;
                            created_at: string;
                            updated_at: string;
                            /** @description Arrival time of the key's newest billed request, or null. */
                            last_used_at: string | null;
                            /** @description Settled usage since the start of the UTC month (the same figures as the usage report grouped by key). */
                            usage_this_month: {
                                requests: number;
                                /** @description USD decimal string. */
                                cost_usd: string;
                            };
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a key (soft: it is disabled at once). */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update a key (name, disabled, expiry, allowed models, budget). */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        disabled?: boolean;
                        expires_at?: string | null;
                        allowed_models?: string[] | null;
                        budget_usd?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @description First 12 characters of the secret. */
                            prefix: string;
                            disabled: boolean;
                            expires_at: string | null;
                            allowed_models: string[] | null;
                            /** @description Monthly budget, USD decimal string. */
                            budget_usd: string | null;
                            created_at: string;
                            updated_at: string;
                            /** @description Arrival time of the key's newest billed request, or null. */
                            last_used_at: string | null;
                            /** @description Settled usage since the start of the UTC month (the same figures as the usage report grouped by key). */
                            usage_this_month: {
                                requests: number;
                                /** @description USD decimal string. */
                                cost_usd: string;
                            };
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/orgs/{orgId}/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The model catalogue as the organization sees it: limits, prices per million tokens, capabilities, status, versions and whether its allowed-models setting lets it be called (one page). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Catalogue id `<author>/<name>`. */
                                id: string;
                                /** @description Display name. */
                                name: string;
                                /** @description The part of the id before the slash. */
                                author: string;
                                /** @enum {string} */
                                kind: "chat" | "embedding" | "completion" | "rerank";
                                /** @description Catalogue aliases that resolve to this model. */
                                aliases: string[];
                                context_length: number;
                                /** @description Ceiling on output tokens. */
                                max_output_tokens: number;
                                /** @description Applied when a request sets no limit. */
                                default_max_output_tokens: number;
                                pricing: {
                                    /** @description Prompt tokens, USD per million. */
                                    input?: string;
                                    /** @description Generated tokens (reasoning included unless priced apart), USD per million. */
                                    output?: string;
                                    /** @description Prompt tokens read from cache, USD per million (absent: billed as input). */
                                    cached_input?: string;
                                    /** @description Prompt tokens written to cache, USD per million (absent: billed as input). */
                                    cache_write?: string;
                                    /** @description Reasoning tokens, USD per million (absent: billed as output). */
                                    reasoning?: string;
                                    /** @description Rerank search units, USD per million. */
                                    search_unit?: string;
                                };
                                capabilities: {
                                    tools: boolean;
                                    json_object: boolean;
                                    json_schema: boolean;
                                    vision: boolean;
                                    streaming: boolean;
                                    reasoning: boolean;
                                };
                                /** @enum {string} */
                                status: "active" | "deprecated" | "retired";
                                /**
                                 * @description serving: every deployment of the default version takes traffic; degraded: some cool down after upstream failures; unavailable: all do (requests get a retryable 503 unless a fallback serves). Per gateway process, shared through Redis when configured.
                                 * @enum {string}
                                 */
                                health: "serving" | "degraded" | "unavailable";
                                /** @description Deprecation dates and replacement, or null. */
                                lifecycle: {
                                    announced_at: string;
                                    sunset_at: string;
                                    notice_url: string | null;
                                    replacement: string | null;
                                } | null;
                                /** @description Dated versions, newest first (empty for an unversioned model). */
                                versions: {
                                    version: string;
                                    default: boolean;
                                }[];
                                default_version: string | null;
                                /** @description Whether the organization's allowed-models setting lets its keys call it (an empty setting allows every model). */
                                allowed: boolean;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/model-aliases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's model aliases. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                org_id: string;
                                project_id: string | null;
                                name: string;
                                target: string;
                                created_at: string;
                                updated_at: string;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    delete: boolean;
                                };
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        /** Create an organization model alias. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        target: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            project_id: string | null;
                            name: string;
                            target: string;
                            created_at: string;
                            updated_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/model-aliases/{aliasId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an organization model alias. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    aliasId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update an organization model alias. */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    aliasId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        target?: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            project_id: string | null;
                            name: string;
                            target: string;
                            created_at: string;
                            updated_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/projects/{projectId}/model-aliases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the project's model aliases. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                org_id: string;
                                project_id: string | null;
                                name: string;
                                target: string;
                                created_at: string;
                                updated_at: string;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    delete: boolean;
                                };
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        /** Create a project model alias. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        target: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            project_id: string | null;
                            name: string;
                            target: string;
                            created_at: string;
                            updated_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/model-aliases/{aliasId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a project model alias. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    aliasId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update a project model alias. */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    aliasId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        target?: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            project_id: string | null;
                            name: string;
                            target: string;
                            created_at: string;
                            updated_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/projects/{projectId}/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the project's rate limits and budget. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            project_id: string;
                            rpm: number | null;
                            tpm: number | null;
                            /** @description Monthly budget, USD decimal string. */
                            budget_usd: string | null;
                            abilities: {
                                manage_limits: boolean;
                                manage_budget: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set rpm and tpm (null for none). */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        rpm?: number | null;
                        tpm?: number | null;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            project_id: string;
                            rpm: number | null;
                            tpm: number | null;
                            /** @description Monthly budget, USD decimal string. */
                            budget_usd: string | null;
                            abilities: {
                                manage_limits: boolean;
                                manage_budget: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/projects/{projectId}/budget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the monthly budget in USD (null for none). */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        budget_usd: string | null;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            project_id: string;
                            rpm: number | null;
                            tpm: number | null;
                            /** @description Monthly budget, USD decimal string. */
                            budget_usd: string | null;
                            abilities: {
                                manage_limits: boolean;
                                manage_budget: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/playground/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Chat as yourself, billed to the project: the body and answer of /v1/chat/completions (stream, tools, response_format), no key needed; logged with source playground. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        messages: (({
                            /** @enum {string} */
                            role: "system" | "developer";
                            content: string | ({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            name?: string;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            role: "user";
                            content: string | (({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "image_url";
                                image_url: {
                                    url: string;
                                    /** @enum {string} */
                                    detail?: "auto" | "low" | "high";
                                } & {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "input_audio";
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                type: "file";
                            } & {
                                [key: string]: unknown;
                            }))[];
                            name?: string;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            role: "assistant";
                            content?: string | ({
                                /** @enum {string} */
                                type: "text" | "refusal";
                            } & {
                                [key: string]: unknown;
                            })[] | null;
                            tool_calls?: (({
                                id: string;
                                /** @constant */
                                type: "function";
                                function: {
                                    name: string;
                                    arguments: string;
                                } & {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                id: string;
                                /** @constant */
                                type: "custom";
                                custom: {
                                    name: string;
                                    input: string;
                                } & {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }))[];
                            refusal?: string | null;
                            name?: string;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            role: "tool";
                            tool_call_id: string;
                            content: string | ({
                                /** @constant */
                                type: "text";
                                text: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            role: "function";
                            name: string;
                            content: string | null;
                        } & {
                            [key: string]: unknown;
                        }))[];
                        temperature?: number | null;
                        top_p?: number | null;
                        n?: number | null;
                        stop?: (string | string[]) | null;
                        seed?: number | null;
                        presence_penalty?: number | null;
                        frequency_penalty?: number | null;
                        logit_bias?: {
                            [key: string]: number;
                        } | null;
                        logprobs?: boolean | null;
                        top_logprobs?: number | null;
                        max_tokens?: number | null;
                        max_completion_tokens?: number | null;
                        stream?: boolean | null;
                        stream_options?: ({
                            include_usage?: boolean;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        tools?: (({
                            /** @constant */
                            type: "function";
                            function: {
                                name: string;
                                description?: string;
                                parameters?: {
                                    [key: string]: unknown;
                                };
                                strict?: boolean | null;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "custom";
                            custom: {
                                name: string;
                                description?: string;
                                format?: ({
                                    /** @constant */
                                    type: "text";
                                } & {
                                    [key: string]: unknown;
                                }) | ({
                                    /** @constant */
                                    type: "grammar";
                                    grammar: {
                                        definition: string;
                                        /** @enum {string} */
                                        syntax: "lark" | "regex";
                                    } & {
                                        [key: string]: unknown;
                                    };
                                } & {
                                    [key: string]: unknown;
                                });
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        }))[];
                        tool_choice?: ("none" | "auto" | "required") | ({
                            /** @constant */
                            type: "function";
                            function: {
                                name: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "custom";
                            custom: {
                                name: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "allowed_tools";
                            allowed_tools: {
                                /** @enum {string} */
                                mode: "auto" | "required";
                                tools: {
                                    [key: string]: unknown;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        });
                        parallel_tool_calls?: boolean;
                        response_format?: ({
                            /** @constant */
                            type: "text";
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "json_object";
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @constant */
                            type: "json_schema";
                            json_schema: {
                                name: string;
                                description?: string;
                                schema?: {
                                    [key: string]: unknown;
                                };
                                strict?: boolean | null;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        });
                        reasoning_effort?: ("none" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max") | null;
                        user?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            object: string;
                            model: string;
                            choices: {
                                [key: string]: unknown;
                            }[];
                            usage?: {
                                prompt_tokens: number;
                                completion_tokens: number;
                                total_tokens: number;
                                cost?: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's request log, newest first, with filters. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    key_id?: string;
                    model?: string;
                    status?: number;
                    source?: "api" | "playground";
                    since?: string;
                    until?: string;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                project_id: string | null;
                                key_id: string | null;
                                endpoint: string;
                                model_requested: string | null;
                                model_resolved: string | null;
                                provider_id: string | null;
                                stream: boolean;
                                status: number;
                                error_code: string | null;
                                latency_ms: number;
                                ttft_ms: number | null;
                                /**
                                 * @description `api`: made with an inference key; `playground`: made by a person in the console playground (no key: `key_id` is null).
                                 * @enum {string}
                                 */
                                source: "api" | "playground";
                                /** @description The console user who made a playground request; null for `api` requests. */
                                user_id: string | null;
                                /** @description Time the request waited for a free upstream connection (the provider's `maxConnections`), ms; 0 when it did not wait. */
                                upstream_wait_ms: number;
                                /** @description Upstream attempts of a routed request (retries and fallbacks), in order; null for a model served by one deployment. */
                                attempts: {
                                    /** @description Catalogue model the attempt served (another than `model_resolved` asked for on a fallback). */
                                    model: string;
                                    /** @description Deployment, `provider/upstreamModel`. */
                                    deployment: string;
                                    provider: string;
                                    /** @description Upstream HTTP status (200 for the answer); null when none came (refused, reset, timed out). */
                                    status: number | null;
                                    /** @description Error code of a failed attempt. */
                                    error: string | null;
                                    latency_ms: number;
                                }[] | null;
                                usage: {
                                    input_tokens: number;
                                    output_tokens: number;
                                    cached_tokens: number;
                                    reasoning_tokens: number;
                                    source: string;
                                };
                                /** @description USD decimal string. */
                                cost_usd: string;
                                /** @description End-user id the client sent (`user`, Anthropic `metadata.user_id`). */
                                user: string | null;
                                /** @description Request tags (`metadata` strings and `x-tf-tags`). */
                                tags: {
                                    [key: string]: string;
                                };
                                /** @description Request parameters the gateway dropped before calling the upstream (also sent as `x-tf-ignored-params`). */
                                ignored_params: string[];
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/requests/{requestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One request by its id (the x-request-id users quote), with its cost explained, hold and ledger debit. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    requestId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            project_id: string | null;
                            key_id: string | null;
                            endpoint: string;
                            model_requested: string | null;
                            model_resolved: string | null;
                            provider_id: string | null;
                            stream: boolean;
                            status: number;
                            error_code: string | null;
                            latency_ms: number;
                            ttft_ms: number | null;
                            /**
                             * @description `api`: made with an inference key; `playground`: made by a person in the console playground (no key: `key_id` is null).
                             * @enum {string}
                             */
                            source: "api" | "playground";
                            /** @description The console user who made a playground request; null for `api` requests. */
                            user_id: string | null;
                            /** @description Time the request waited for a free upstream connection (the provider's `maxConnections`), ms; 0 when it did not wait. */
                            upstream_wait_ms: number;
                            /** @description Upstream attempts of a routed request (retries and fallbacks), in order; null for a model served by one deployment. */
                            attempts: {
                                /** @description Catalogue model the attempt served (another than `model_resolved` asked for on a fallback). */
                                model: string;
                                /** @description Deployment, `provider/upstreamModel`. */
                                deployment: string;
                                provider: string;
                                /** @description Upstream HTTP status (200 for the answer); null when none came (refused, reset, timed out). */
                                status: number | null;
                                /** @description Error code of a failed attempt. */
                                error: string | null;
                                latency_ms: number;
                            }[] | null;
                            usage: {
                                input_tokens: number;
                                output_tokens: number;
                                cached_tokens: number;
                                reasoning_tokens: number;
                                source: string;
                            };
                            /** @description USD decimal string. */
                            cost_usd: string;
                            /** @description End-user id the client sent (`user`, Anthropic `metadata.user_id`). */
                            user: string | null;
                            /** @description Request tags (`metadata` strings and `x-tf-tags`). */
                            tags: {
                                [key: string]: string;
                            };
                            /** @description Request parameters the gateway dropped before calling the upstream (also sent as `x-tf-ignored-params`). */
                            ignored_params: string[];
                            created_at: string;
                            /** @description Worst-case cost admission held while the request ran (USD decimal string); null when nothing was held. */
                            hold_usd: string | null;
                            /** @description The usage debit that settled the request; null while unsettled or when nothing was billed. */
                            ledger_entry: {
                                id: string;
                                /** @description Signed USD decimal string (negative: a debit). */
                                amount_usd: string;
                                created_at: string;
                            } | null;
                            /** @description The cost taken apart at the catalogue's prices; null when the model that served it is not in the catalogue (or none served it). */
                            cost_explained: {
                                lines: {
                                    /** @enum {string} */
                                    token_class: "input" | "cached_input" | "output" | "reasoning";
                                    tokens: number;
                                    /** @description Today's catalogue price per million tokens. */
                                    price_per_million_usd: string;
                                    /** @description tokens x price, exact (up to 15 decimals). */
                                    amount_usd: string;
                                }[];
                                /** @description The exact sum of the lines. */
                                exact_usd: string;
                                /** @description That sum rounded once, half up, to the nano-USD. */
                                rounded_usd: string;
                                /** @description Whether rounded_usd equals cost_usd (false when prices changed since, or cache writes were billed). */
                                matches_cost: boolean;
                            } | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's usage per hour, day or month, optionally grouped (model, key, user, member, tag:<key>); JSON or CSV. */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    granularity?: "hour" | "day" | "month";
                    group_by?: string;
                    groupBy?: string;
                    format?: "json" | "csv";
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string;
                            to: string;
                            /** @enum {string} */
                            granularity: "hour" | "day" | "month";
                            group_by: string | null;
                            data: {
                                start: string;
                                group: string | null;
                                requests: number;
                                input_tokens: number;
                                output_tokens: number;
                                cached_tokens: number;
                                reasoning_tokens: number;
                                /** @description USD decimal string. */
                                cost_usd: string;
                            }[];
                            totals: {
                                requests: number;
                                input_tokens: number;
                                output_tokens: number;
                                cached_tokens: number;
                                reasoning_tokens: number;
                                /** @description USD decimal string. */
                                cost_usd: string;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's usage per hour, day or month, optionally grouped (project, member, key, model, user, tag:<key>); JSON or CSV. */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    granularity?: "hour" | "day" | "month";
                    group_by?: string;
                    groupBy?: string;
                    format?: "json" | "csv";
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string;
                            to: string;
                            /** @enum {string} */
                            granularity: "hour" | "day" | "month";
                            group_by: string | null;
                            data: {
                                start: string;
                                group: string | null;
                                requests: number;
                                input_tokens: number;
                                output_tokens: number;
                                cached_tokens: number;
                                reasoning_tokens: number;
                                /** @description USD decimal string. */
                                cost_usd: string;
                            }[];
                            totals: {
                                requests: number;
                                input_tokens: number;
                                output_tokens: number;
                                cached_tokens: number;
                                reasoning_tokens: number;
                                /** @description USD decimal string. */
                                cost_usd: string;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This UTC month so far: requests and failed requests in every project, and deprecated models still in use. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Start of the current UTC month. */
                            from: string;
                            /** @description Now. */
                            to: string;
                            /** @description Requests logged this month in every project, failed ones included. */
                            requests: number;
                            /** @description Of those, requests answered with an HTTP status of 400 or more. */
                            failed_requests: number;
                            /** @description Deprecated or retired models that served requests this month, most used first. */
                            deprecated_models: {
                                /** @description Catalogue model id that served the requests. */
                                model: string;
                                /** @description Requests it served this month. */
                                requests: number;
                                /** @description When it stops serving (ISO 8601). */
                                sunset_at: string;
                                /** @description Model that serves requests after the sunset, if the catalogue names one. */
                                replacement: string | null;
                                notice_url: string | null;
                            }[];
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/billing/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the balance, pending amount, open credit buckets and alert thresholds. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            org_id: string;
                            /** @description Ledger balance: the sum of every ledger entry (negative after an overdraft). */
                            balance_usd: string;
                            /** @description Held for requests in flight (admission holds not yet released). */
                            held_usd: string;
                            /** @description Usage written to the request log but not yet settled into the ledger. */
                            unsettled_usd: string;
                            /** @description Held for requests in flight plus usage written but not yet settled into the ledger: held_usd + unsettled_usd. */
                            pending_usd: string;
                            /** @description balance_usd - pending_usd: what new requests can still spend. */
                            available_usd: string;
                            /** @description Buckets with money left, in the order usage consumes them. */
                            credit_buckets: {
                                id: string;
                                /** @enum {string} */
                                source: "paid" | "grant" | "refund" | "adjustment";
                                /** @description Amount put in, USD. */
                                amount_usd: string;
                                /** @description Amount not yet used or expired, USD. */
                                remaining_usd: string;
                                /** @description When what is left expires, or null for never. */
                                expires_at: string | null;
                                created_at: string;
                            }[];
                            alerts: {
                                /** @description Low threshold, USD, or null when off. */
                                low_threshold_usd: string | null;
                                /** @description Critical threshold, USD, or null when off. */
                                critical_threshold_usd: string | null;
                                /** @description The balance fell below the low threshold and has not recovered yet (notified once). */
                                low_triggered: boolean;
                                /** @description The same for the critical threshold. */
                                critical_triggered: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/billing/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set the low and critical balance alert thresholds in USD (null turns one off). */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        lowThresholdUsd?: string | null;
                        criticalThresholdUsd?: string | null;
                        low_threshold_usd?: string | null;
                        critical_threshold_usd?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Low threshold, USD, or null when off. */
                            low_threshold_usd: string | null;
                            /** @description Critical threshold, USD, or null when off. */
                            critical_threshold_usd: string | null;
                            /** @description The balance fell below the low threshold and has not recovered yet (notified once). */
                            low_triggered: boolean;
                            /** @description The same for the critical threshold. */
                            critical_triggered: boolean;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/orgs/{orgId}/billing/ledger-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ledger with usage merged per hour, project and model, newest first (paginated), with totals per kind for the range. */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string;
                            to: string;
                            data: {
                                /** @description Entry time, or the start of the usage hour (ISO 8601). */
                                time: string;
                                /** @description Entry kind: credit, grant, refund, adjustment, usage, expiry. */
                                kind: string;
                                /** @description Signed USD decimal string (usage is negative). */
                                amount_usd: string;
                                /** @description Project of a usage row. */
                                project_id: string | null;
                                /** @description Model of a usage row. */
                                model: string | null;
                                /** @description Requests merged in a usage row. */
                                requests: number | null;
                                reference: string | null;
                                note: string | null;
                            }[];
                            next_cursor: string | null;
                            /** @description Sum of the whole range per kind, and net (USD). */
                            totals: {
                                credit: string;
                                grant: string;
                                refund: string;
                                adjustment: string;
                                usage: string;
                                expiry: string;
                                net: string;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/billing/transactions.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ledger of a range as a streamed CSV: view=summary (usage merged per hour, project and model) or view=detail (every entry). */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    view?: "summary" | "detail";
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/billing/statements/{month}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A month's statement (YYYY-MM, UTC): opening balance, credits, usage by project and model, other debits, closing balance; YYYY-MM.pdf returns it as a PDF. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    month: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            month: string;
                            from: string;
                            to: string;
                            org: {
                                id: string;
                                name: string;
                            };
                            opening_balance_usd: string;
                            credits: {
                                /** @description Entry time (ISO 8601). */
                                date: string;
                                kind: string;
                                /** @description Magnitude (positive). */
                                amount_usd: string;
                                reference: string | null;
                                note: string | null;
                            }[];
                            credits_total_usd: string;
                            usage_by_project: {
                                project_id: string;
                                project_name: string | null;
                                requests: number;
                                cost_usd: string;
                            }[];
                            usage_by_model: {
                                model: string;
                                requests: number;
                                cost_usd: string;
                            }[];
                            usage_total_usd: string;
                            other_debits: {
                                /** @description Entry time (ISO 8601). */
                                date: string;
                                kind: string;
                                /** @description Magnitude (positive). */
                                amount_usd: string;
                                reference: string | null;
                                note: string | null;
                            }[];
                            other_debits_total_usd: string;
                            closing_balance_usd: string;
                            /** @description The month has ended and none of its usage awaits settlement. */
                            final: boolean;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/billing/top-ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a top-up {amount_usd: "25.00"} (whole cents, 1.00-10000.00); pay at checkout_url. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount_usd?: string;
                        amountUsd?: string;
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description pay_... id; the reference the payer quotes, and the ledger credit's reference. */
                            id: string;
                            org_id: string;
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            /** @enum {string} */
                            status: "pending" | "completed" | "canceled" | "failed";
                            /** @description USD, whole cents ("25.00"). */
                            amount_usd: string;
                            /** @description Where the payer pays; null once the payment is no longer pending. */
                            checkout_url: string | null;
                            /** @description R-YYYYMM-NNNNNN once completed. */
                            receipt_number: string | null;
                            /** @description The ledger credit, once completed. */
                            ledger_entry_id: string | null;
                            /** @description Person who started it; null for the operator. */
                            created_by: string | null;
                            created_at: string;
                            completed_at: string | null;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                cancel: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/billing/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payments and receipts, newest first. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "pending" | "completed" | "canceled" | "failed";
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description pay_... id; the reference the payer quotes, and the ledger credit's reference. */
                                id: string;
                                org_id: string;
                                /** @enum {string} */
                                provider: "manual" | "stripe";
                                /** @enum {string} */
                                status: "pending" | "completed" | "canceled" | "failed";
                                /** @description USD, whole cents ("25.00"). */
                                amount_usd: string;
                                /** @description Where the payer pays; null once the payment is no longer pending. */
                                checkout_url: string | null;
                                /** @description R-YYYYMM-NNNNNN once completed. */
                                receipt_number: string | null;
                                /** @description The ledger credit, once completed. */
                                ledger_entry_id: string | null;
                                /** @description Person who started it; null for the operator. */
                                created_by: string | null;
                                created_at: string;
                                completed_at: string | null;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    cancel: boolean;
                                };
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/billing/payments/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one payment with its receipt. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    paymentId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description pay_... id; the reference the payer quotes, and the ledger credit's reference. */
                            id: string;
                            org_id: string;
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            /** @enum {string} */
                            status: "pending" | "completed" | "canceled" | "failed";
                            /** @description USD, whole cents ("25.00"). */
                            amount_usd: string;
                            /** @description Where the payer pays; null once the payment is no longer pending. */
                            checkout_url: string | null;
                            /** @description R-YYYYMM-NNNNNN once completed. */
                            receipt_number: string | null;
                            /** @description The ledger credit, once completed. */
                            ledger_entry_id: string | null;
                            /** @description Person who started it; null for the operator. */
                            created_by: string | null;
                            created_at: string;
                            completed_at: string | null;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                cancel: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/billing/payments/{paymentId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a pending payment. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    paymentId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description pay_... id; the reference the payer quotes, and the ledger credit's reference. */
                            id: string;
                            org_id: string;
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            /** @enum {string} */
                            status: "pending" | "completed" | "canceled" | "failed";
                            /** @description USD, whole cents ("25.00"). */
                            amount_usd: string;
                            /** @description Where the payer pays; null once the payment is no longer pending. */
                            checkout_url: string | null;
                            /** @description R-YYYYMM-NNNNNN once completed. */
                            receipt_number: string | null;
                            /** @description The ledger credit, once completed. */
                            ledger_entry_id: string | null;
                            /** @description Person who started it; null for the operator. */
                            created_by: string | null;
                            created_at: string;
                            completed_at: string | null;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                cancel: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{paymentId}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Operator only: confirm a manual payment has arrived (credits the ledger once). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    paymentId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description pay_... id; the reference the payer quotes, and the ledger credit's reference. */
                            id: string;
                            org_id: string;
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            /** @enum {string} */
                            status: "pending" | "completed" | "canceled" | "failed";
                            /** @description USD, whole cents ("25.00"). */
                            amount_usd: string;
                            /** @description Where the payer pays; null once the payment is no longer pending. */
                            checkout_url: string | null;
                            /** @description R-YYYYMM-NNNNNN once completed. */
                            receipt_number: string | null;
                            /** @description The ledger credit, once completed. */
                            ledger_entry_id: string | null;
                            /** @description Person who started it; null for the operator. */
                            created_by: string | null;
                            created_at: string;
                            completed_at: string | null;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                cancel: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's audit log, newest first. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    action?: string;
                    target_id?: string;
                    target_type?: string;
                    actor_id?: string;
                    since?: string;
                    until?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                actor: {
                                    /** @description `user`, `operator` or `system`. */
                                    kind: string;
                                    user_id: string | null;
                                    /** @description The person's current display name (null when not a person or the account is gone). */
                                    name: string | null;
                                    /** @description The person's current email (null when not a person or the account is gone). */
                                    email: string | null;
                                };
                                action: string;
                                target: {
                                    type: string;
                                    id: string;
                                };
                                before: unknown | null;
                                after: unknown | null;
                                ip: string | null;
                                user_agent: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/audit-log/{entryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One audit entry by id. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    entryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            actor: {
                                /** @description `user`, `operator` or `system`. */
                                kind: string;
                                user_id: string | null;
                                /** @description The person's current display name (null when not a person or the account is gone). */
                                name: string | null;
                                /** @description The person's current email (null when not a person or the account is gone). */
                                email: string | null;
                            };
                            action: string;
                            target: {
                                type: string;
                                id: string;
                            };
                            before: unknown | null;
                            after: unknown | null;
                            ip: string | null;
                            user_agent: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's webhook endpoints (never secrets), newest first. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                org_id: string;
                                url: string;
                                description: string;
                                /** @description Subscribed event types; `*` is every type. */
                                event_types: ("*" | "billing.balance_low" | "billing.balance_critical" | "billing.top_up_completed" | "api_key.created" | "api_key.disabled" | "model.deprecated" | "webhook.test")[];
                                enabled: boolean;
                                /** @description Until when the secret before the last rotation still signs, or null. */
                                previous_secret_expires_at: string | null;
                                created_at: string;
                                updated_at: string;
                                /** @description What the caller may do on this object. */
                                abilities: {
                                    read: boolean;
                                    update: boolean;
                                    delete: boolean;
                                    rotate_secret: boolean;
                                    test: boolean;
                                };
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        /** Create a webhook endpoint; its signing secret is returned once. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        url: string;
                        description?: string;
                        event_types?: string[];
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            url: string;
                            description: string;
                            /** @description Subscribed event types; `*` is every type. */
                            event_types: ("*" | "billing.balance_low" | "billing.balance_critical" | "billing.top_up_completed" | "api_key.created" | "api_key.disabled" | "model.deprecated" | "webhook.test")[];
                            enabled: boolean;
                            /** @description Until when the secret before the last rotation still signs, or null. */
                            previous_secret_expires_at: string | null;
                            created_at: string;
                            updated_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                                rotate_secret: boolean;
                                test: boolean;
                            };
                            /** @description whsec_...; shown once. Verify deliveries with it (Standard Webhooks). */
                            secret: string;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/webhooks/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            url: string;
                            description: string;
                            /** @description Subscribed event types; `*` is every type. */
                            event_types: ("*" | "billing.balance_low" | "billing.balance_critical" | "billing.top_up_completed" | "api_key.created" | "api_key.disabled" | "model.deprecated" | "webhook.test")[];
                            enabled: boolean;
                            /** @description Until when the secret before the last rotation still signs, or null. */
                            previous_secret_expires_at: string | null;
                            created_at: string;
                            updated_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                                rotate_secret: boolean;
                                test: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its deliveries. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update a webhook endpoint (url, description, event types, enabled). */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        url?: string;
                        description?: string;
                        event_types?: string[];
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            url: string;
                            description: string;
                            /** @description Subscribed event types; `*` is every type. */
                            event_types: ("*" | "billing.balance_low" | "billing.balance_critical" | "billing.top_up_completed" | "api_key.created" | "api_key.disabled" | "model.deprecated" | "webhook.test")[];
                            enabled: boolean;
                            /** @description Until when the secret before the last rotation still signs, or null. */
                            previous_secret_expires_at: string | null;
                            created_at: string;
                            updated_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                                rotate_secret: boolean;
                                test: boolean;
                            };
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/orgs/{orgId}/webhooks/{endpointId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the signing secret (returned once); the previous one keeps signing for 24 hours. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            org_id: string;
                            url: string;
                            description: string;
                            /** @description Subscribed event types; `*` is every type. */
                            event_types: ("*" | "billing.balance_low" | "billing.balance_critical" | "billing.top_up_completed" | "api_key.created" | "api_key.disabled" | "model.deprecated" | "webhook.test")[];
                            enabled: boolean;
                            /** @description Until when the secret before the last rotation still signs, or null. */
                            previous_secret_expires_at: string | null;
                            created_at: string;
                            updated_at: string;
                            /** @description What the caller may do on this object. */
                            abilities: {
                                read: boolean;
                                update: boolean;
                                delete: boolean;
                                rotate_secret: boolean;
                                test: boolean;
                            };
                            /** @description whsec_...; shown once. Verify deliveries with it (Standard Webhooks). */
                            secret: string;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/webhooks/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an endpoint's recent deliveries, newest first. */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                /** @description The webhook-id header; the same on every attempt. */
                                event_id: string;
                                event_type: string;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                                attempts: number;
                                /** @description HTTP status of the last attempt, or null (no answer). */
                                last_status: number | null;
                                last_error: string | null;
                                /** @description When the next attempt is due (pending only). */
                                next_attempt_at: string | null;
                                last_attempt_at: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/webhooks/{endpointId}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one delivery with the payload it sends and every attempt (time, HTTP status, latency, error, the start of the answer). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    endpointId: string;
                    deliveryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @description The webhook-id header; the same on every attempt. */
                            event_id: string;
                            event_type: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            attempts: number;
                            /** @description HTTP status of the last attempt, or null (no answer). */
                            last_status: number | null;
                            last_error: string | null;
                            /** @description When the next attempt is due (pending only). */
                            next_attempt_at: string | null;
                            last_attempt_at: string | null;
                            created_at: string;
                            /** @description The body POSTed on every attempt, exactly as sent (JSON text). */
                            payload: string;
                            /** @description Every attempt, oldest first (as many as `attempts`). */
                            attempt_history: {
                                /** @description 1 for the first attempt, then 2, 3 ... */
                                attempt: number;
                                attempted_at: string;
                                /** @description HTTP status the receiver answered, or null (no answer: refused, reset, timed out). */
                                response_status: number | null;
                                /** @description From sending to the end of the answer (or the failure). */
                                latency_ms: number;
                                /** @description Why the attempt failed (non-2xx status or network error), or null. */
                                error: string | null;
                                /** @description The start of the receiver's answer (at most 1 KiB), or null when it sent none. */
                                response_body: string | null;
                            }[];
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/webhooks/{endpointId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a webhook.test ping to this endpoint. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            event_id: string;
                            delivery_id: string;
                        };
                    };
                };
                /** @description Error (console envelope). */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ConsoleError: {
            error: {
                code: string;
                message: string;
                param: string | null;
                request_id: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
