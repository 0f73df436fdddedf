"""The agent runtime as the conversation service drives it (StreamExecute), with the model scripted
through the suite's OpenAI-compatible server: persona rendering, prompt sections, knowledge, the
ReAct loop and its tools, memory, context fitting, suggestions, shortcuts and failures."""

from __future__ import annotations

import json
from typing import Any

import grpc
import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import SMALL_CONTEXT_MODEL_ID

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"


def sent(stub: OpenAIStub, index: int = -1) -> list[dict[str, Any]]:
    """The messages of a chat request the model received."""
    return stub.requests(CHAT)[index]["json"]["messages"]


async def test_plain_turn_streams_the_answer_then_usage(runner, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot(prompt_info={"prompt": "You are a pirate."})
    stub.script({"content": "Arr, hello there matey", "chunk_size_chars": 4, "tokens_per_s": 40})
    events = await runner.run(bot, "hi")
    assert runner.types(events) == ["answer", "usage"]
    assert sum(e.type == "answer" for e in events) > 3  # streamed in deltas, not one block
    assert runner.answer(events) == "Arr, hello there matey"
    usage = events[-1].usage
    assert usage.input_tokens > 0 and usage.output_tokens > 0
    messages = sent(stub)
    assert messages[0]["role"] == "system" and "You are a pirate." in messages[0]["content"]
    assert messages[-1] == {"role": "user", "content": "hi"}
    request = stub.requests(CHAT)[-1]["json"]
    assert request["model"] == "stub-chat" and request["stream"] is True and "tools" not in request


async def test_persona_variables_come_from_the_request_then_memory_then_empty(
        runner, new_bot, client: AtelierClient, stub: OpenAIStub) -> None:
    bot = await new_bot(
        prompt_info={"prompt": "Call the user {{name}} from {{city}}{{unknown}}; mood {{mood}}."},
        variable_list=[{"key": "name", "default_value": "Friend"}, {"key": "city", "default_value": "Oslo"},
                       {"key": "mood", "description": "how they feel"}])
    await client.call("/api/memory/variable/upsert", {"bot_id": bot, "user_id": "42",
                                                      "data": [{"keyword": "name", "value": "Bob"},
                                                               {"keyword": "city", "value": "Bergen"}]})
    await runner.run(bot, "hello", user_id="42", custom_variables={"name": "Ann"})
    system = sent(stub)[0]["content"]
    assert "Call the user Ann from Bergen; mood ." in system
    # Memory variables are listed for the model, with the user's values.
    assert "- name: Bob" in system and "- city: Bergen" in system and "- mood: (not set)" in system
    await runner.run(bot, "hello", user_id="43")
    assert "Call the user Friend from Oslo; mood ." in sent(stub)[0]["content"]


async def test_knowledge_is_recalled_and_packed_with_its_source(runner, new_bot, client: AtelierClient,
                                                                stub: OpenAIStub) -> None:
    dataset_id = await client.create_dataset(f"fjords-{bot_suffix()}")
    doc = await client.create_text_document(dataset_id, "norway-guide", "The Sognefjord is the deepest fjord in Norway.")
    await client.wait_documents([doc["document_id"]])
    bot = await new_bot(knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0, "top_k": 2,
                                   "search_strategy": 0})
    stub.script({"content": "It is the Sognefjord (ref 1)."})
    events = await runner.run(bot, "which is the deepest fjord in Norway?")
    assert runner.types(events) == ["knowledge", "answer", "citations", "usage"]
    cited = json.loads(next(e.content for e in events if e.type == "citations"))  # the mark repaired, the passage named
    assert cited["text"] == "It is the Sognefjord [1]."
    assert [(s["id"], s["document_id"]) for s in cited["sources"]] == [("1", doc["document_id"])]
    recalled = json.loads(events[0].content)
    assert recalled[0]["document_id"] == doc["document_id"] and "Sognefjord" in recalled[0]["content"]
    assert recalled[0]["source"].startswith("norway-guide (fjords-")
    system = sent(stub)[0]["content"]
    assert "[1] Source: norway-guide (fjords-" in system and "The Sognefjord is the deepest fjord" in system


async def test_failed_retrieval_lets_the_answer_proceed_and_says_so(runner, new_bot, client: AtelierClient,
                                                                   stub: OpenAIStub) -> None:
    # A bound dataset deleted since: retrieval fails at run time (a bot cannot bind an unknown one).
    dataset_id = await client.create_dataset(f"gone-{bot_suffix()}")
    bot = await new_bot(knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True})
    await client.call("/api/knowledge/delete", {"dataset_id": dataset_id, "space_id": client.space_id})
    stub.script({"content": "Answer without knowledge."})
    events = await runner.run(bot, "anything")
    assert runner.types(events) == ["verbose", "answer", "usage"]
    verbose = json.loads(events[0].content)
    assert verbose["msg_type"] == "knowledge_recall_failed" and dataset_id in verbose["data"]
    assert runner.answer(events) == "Answer without knowledge."


async def test_no_recall_reply_mode_answers_with_the_configured_text(runner, new_bot, client: AtelierClient,
                                                                     stub: OpenAIStub) -> None:
    dataset_id = await client.create_dataset(f"empty-{bot_suffix()}")
    bot = await new_bot(knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True,
                                   "no_recall_reply_mode": 1, "no_recall_reply_customize_prompt": "I don't know that."})
    before = len(stub.requests(CHAT))
    events = await runner.run(bot, "something nobody wrote down")
    assert runner.answer(events) == "I don't know that."
    assert len(stub.requests(CHAT)) == before  # no model call


async def test_react_runs_two_tool_calls_in_parallel_and_memory_persists_per_user(
        runner, new_bot, client: AtelierClient, stub: OpenAIStub) -> None:
    bot = await new_bot(variable_list=[{"key": "city", "description": "where the user lives"},
                                       {"key": "pet", "description": "the user's pet"}])
    stub.script(
        {"tool_calls": [{"name": "setKeywordMemory", "arguments": {"data": [{"keyword": "city", "value": "Lyon"}]}},
                        {"name": "setKeywordMemory", "arguments": {"data": [{"keyword": "pet", "value": "cat"}]}}]},
        {"content": "Noted: Lyon and a cat."},
    )
    events = await runner.run(bot, "I live in Lyon with my cat", user_id="7001")
    assert runner.types(events) == ["function_call", "function_call", "tool_response", "tool_response", "answer", "usage"]
    calls = [e for e in events if e.type == "function_call"]
    responses = [e for e in events if e.type == "tool_response"]
    assert [c.name for c in calls] == ["setKeywordMemory", "setKeywordMemory"]
    assert {r.call_id for r in responses} == {c.call_id for c in calls}
    assert all(json.loads(r.content)["saved"] for r in responses)
    request = stub.requests(CHAT)[-1]["json"]  # the second model call sees both results
    tool_messages = [m for m in request["messages"] if m["role"] == "tool"]
    assert len(tool_messages) == 2 and request["tools"][0]["function"]["name"] == "setKeywordMemory"
    mine = await client.call("/api/memory/variable/get", {"bot_id": bot, "user_id": "7001"})
    assert {m["keyword"]: m["value"] for m in mine["memories"]} == {"city": "Lyon", "pet": "cat"}
    other = await client.call("/api/memory/variable/get", {"bot_id": bot, "user_id": "7002"})
    assert {m["keyword"]: m["value"] for m in other["memories"]} == {"city": "", "pet": ""}


async def test_invalid_tool_arguments_go_back_to_the_model(runner, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot(variable_list=[{"key": "city"}])
    stub.script({"tool_calls": [{"name": "setKeywordMemory", "arguments": "{not json"}]},
                {"tool_calls": [{"name": "noSuchTool", "arguments": {}}]},
                {"content": "Sorry, I could not save that."})
    events = await runner.run(bot, "remember Paris")
    responses = [e.content for e in events if e.type == "tool_response"]
    assert responses[0].startswith("error: the arguments are not valid JSON")
    assert responses[1].startswith("error: there is no tool named 'noSuchTool'")
    assert runner.answer(events) == "Sorry, I could not save that."
    assert sent(stub)[-1]["role"] == "tool" and sent(stub)[-1]["content"].startswith("error: there is no tool")


async def test_tool_loop_stops_at_max_iterations_with_an_answer(runner, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot(variable_list=[{"key": "city"}])
    call = {"tool_calls": [{"name": "setKeywordMemory", "arguments": {"data": [{"keyword": "city", "value": "x"}]}}]}
    stub.script(*[call] * 4, {"content": "Done looping."})
    events = await runner.run(bot, "loop")
    assert sum(e.type == "function_call" for e in events) == 4
    assert runner.answer(events) == "Done looping."
    assert "tools" not in stub.requests(CHAT)[-1]["json"]  # the last allowed call must answer


def _history(rounds: int) -> list[dict[str, str]]:
    out = []
    for i in range(rounds):
        out.append({"role": "user", "type": "question", "content": f"question number {i}"})
        out.append({"role": "assistant", "type": "answer", "content": f"answer number {i}"})
    return out


async def test_history_window_sends_only_the_last_rounds(runner, new_bot, stub: OpenAIStub) -> None:
    from atelier_proto import agent_pb2 as apb

    bot = await new_bot(model_info={"model_id": "1001", "short_memory_policy": {"history_round": 2}})
    history = [apb.ExecuteHistoryMessage(**m) for m in _history(5)]
    await runner.run(bot, "now", history=history)
    contents = [m["content"] for m in sent(stub)[1:]]
    assert contents == ["question number 3", "answer number 3", "question number 4", "answer number 4", "now"]


async def test_token_budget_drops_old_history_and_keeps_the_message(runner, new_bot, stub: OpenAIStub) -> None:
    from atelier_proto import agent_pb2 as apb

    bot = await new_bot(model_info={"model_id": SMALL_CONTEXT_MODEL_ID, "short_memory_policy": {"history_round": 50}})
    long = [apb.ExecuteHistoryMessage(role=m["role"], type=m["type"], content=m["content"] + " filler" * 40)
            for m in _history(10)]
    events = await runner.run(bot, "the latest question", history=long)
    trimmed = json.loads(json.loads(next(e.content for e in events if e.type == "verbose"))["data"])
    assert trimmed["history_rounds_dropped"] > 0
    messages = sent(stub)
    assert messages[-1] == {"role": "user", "content": "the latest question"}
    kept = [m["content"].split(" filler")[0] for m in messages[1:-1]]
    assert kept and kept[-1] == "answer number 9"  # the newest rounds survive
    assert "question number 0" not in kept
    total = sum(len(m["content"].split()) for m in messages)
    assert total < 600  # fits the 600-token model with room for the answer


async def test_follow_up_suggestions_after_the_answer(runner, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot(suggest_reply_info={"suggest_reply_mode": 0})
    stub.script({"content": "Paris is the capital."},
                {"content": '["What is its population?", "What river runs through it?", "When was it founded?"]'})
    events = await runner.run(bot, "capital of France?")
    assert runner.types(events) == ["answer", "follow_up", "follow_up", "follow_up", "usage"]
    assert [e.content for e in events if e.type == "follow_up"][0] == "What is its population?"
    suggest_request = sent(stub)
    assert "follow-up questions" in suggest_request[0]["content"] and "Paris is the capital." in suggest_request[1]["content"]


async def test_model_failure_mid_stream_ends_with_an_error_after_the_partial_answer(runner, new_bot,
                                                                                   stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script({"content": "The first part and then more text", "chunk_size_chars": 5,
                 "stream_error": {"after_chars": 10, "message": "upstream exploded"}})
    events = await runner.run(bot, "go")
    assert runner.types(events)[-2:] == ["usage", "error"]
    assert runner.answer(events) == "The first "
    assert "upstream exploded" in events[-1].content and events[-1].error_code >= 500


async def test_model_refusing_the_request_is_an_error_event(runner, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script({"error": {"status": 400, "message": "context too long"}})
    events = await runner.run(bot, "go")
    assert events[-1].type == "error" and events[-1].error_code == 400 and "context too long" in events[-1].content


async def test_prompt_shortcut_fills_its_template(runner, new_bot, client: AtelierClient, stub: OpenAIStub) -> None:
    bot = await new_bot()
    saved = await client.call("/api/playground_api/create_update_shortcut_command", {
        "object_id": bot, "space_id": client.space_id,
        "shortcuts": {"command_name": "translate", "shortcut_command": "/translate",
                      "template_query": "Translate {{text}} into {{language}}",
                      "components_list": [{"name": "text", "parameter": "text"},
                                          {"name": "language", "parameter": "language",
                                           "default_value": {"value": "French"}}]}})
    from atelier_proto import agent_pb2 as apb

    command_id = int(saved["shortcuts"]["command_id"])
    await runner.run(bot, "", shortcut=apb.ExecuteShortcut(command_id=command_id, parameters={"text": "good night"}))
    assert sent(stub)[-1] == {"role": "user", "content": "Translate good night into French"}
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await runner.run(bot, "", shortcut=apb.ExecuteShortcut(command_id=command_id, parameters={}))
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "'text' is required" in err.value.details()


async def test_published_version_is_what_the_api_chats_with(runner, new_bot, client: AtelierClient,
                                                            stub: OpenAIStub) -> None:
    bot = await new_bot(prompt_info={"prompt": "Version one persona."})
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await runner.run(bot, "hi", draft_mode=False)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND and "not published" in err.value.details()
    await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot})
    await client.call("/api/playground_api/draftbot/update_draft_bot_info",
                      {"bot_info": {"bot_id": bot, "prompt_info": {"prompt": "Draft persona."}}})
    await runner.run(bot, "hi", draft_mode=False)
    assert "Version one persona." in sent(stub)[0]["content"]
    await runner.run(bot, "hi", draft_mode=True)
    assert "Draft persona." in sent(stub)[0]["content"]


def bot_suffix() -> str:
    import uuid

    return uuid.uuid4().hex[:6]


async def test_earlier_tool_calls_and_results_are_replayed_to_the_model(runner, new_bot, stub: OpenAIStub) -> None:
    from atelier_proto import agent_pb2 as apb

    bot = await new_bot(variable_list=[{"key": "city"}])
    call = json.dumps({"name": "setKeywordMemory", "arguments": '{"data": [{"keyword": "city", "value": "Oslo"}]}'})
    history = [apb.ExecuteHistoryMessage(role="user", type="question", content="I live in Oslo"),
               apb.ExecuteHistoryMessage(role="assistant", type="function_call", content=call, call_id="call_9",
                                         name="setKeywordMemory"),
               apb.ExecuteHistoryMessage(role="assistant", type="tool_response", content='{"saved": {"city": "Oslo"}}',
                                         call_id="call_9", name="setKeywordMemory"),
               apb.ExecuteHistoryMessage(role="assistant", type="answer", content="Noted.")]
    await runner.run(bot, "where do I live?", history=history)
    messages = sent(stub)
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool", "assistant", "user"]
    assert messages[2]["tool_calls"][0]["id"] == "call_9" and messages[3]["tool_call_id"] == "call_9"


async def test_the_agents_model_parameters_reach_the_model(runner, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot(model_info={"model_id": "1001", "temperature": 0.3, "top_p": 0.9, "max_tokens": 256,
                                    "frequency_penalty": 0.5, "presence_penalty": -0.5, "response_format": 2})
    stub.script({"content": '{"ok": true}'})
    await runner.run(bot, "answer in JSON")
    request = stub.requests(CHAT)[-1]["json"]
    assert (request["temperature"], request["top_p"], request["max_tokens"]) == (0.3, 0.9, 256)
    assert (request["frequency_penalty"], request["presence_penalty"]) == (0.5, -0.5)
    assert request["response_format"] == {"type": "json_object"}


async def test_on_demand_knowledge_is_a_tool_the_model_calls(runner, new_bot, client: AtelierClient,
                                                             stub: OpenAIStub) -> None:
    dataset_id = await client.create_dataset(f"volcanoes-{bot_suffix()}")
    doc = await client.create_text_document(dataset_id, "volcano-notes", "Mauna Loa is the largest active volcano.")
    await client.wait_documents([doc["document_id"]])
    bot = await new_bot(knowledge={"knowledge_info": [{"id": dataset_id}], "auto": False, "min_score": 0})
    stub.script({"tool_calls": [{"name": "recallKnowledge", "arguments": {"query": "largest active volcano"}},
                                {"name": "recallKnowledge", "arguments": {"query": "Mauna Loa"}}]},
                {"content": "Mauna Loa [2]. Also [5]."})
    events = await runner.run(bot, "which volcano is the largest active one?")
    assert runner.types(events) == ["function_call", "function_call", "tool_response", "tool_response", "answer",
                                    "citations", "usage"]  # no automatic recall
    results = [e.content for e in events if e.type == "tool_response"]
    assert all("Source: volcano-notes" in r and "Mauna Loa is the largest active volcano." in r for r in results)
    # the two calls' passages have ids of their own, as the model sees them
    assert sorted(r.split(" ", 1)[0] for r in results) == ["[1]", "[2]"]
    cited = json.loads(next(e.content for e in events if e.type == "citations"))
    assert cited["text"] == "Mauna Loa [2]. Also."
    assert [(s["id"], s["document_id"]) for s in cited["sources"]] == [("2", doc["document_id"])]
    assert "[1]" in stub.requests(CHAT)[-2]["json"]["messages"][0]["content"]  # the citation form is asked for
    first = stub.requests(CHAT)[-2]["json"]
    assert [t["function"]["name"] for t in first["tools"]] == ["recallKnowledge"]
    assert "recallKnowledge tool" in first["messages"][0]["content"]
    assert "Mauna Loa" not in first["messages"][0]["content"]  # nothing recalled before the model asked


async def test_a_small_context_keeps_the_question_and_the_most_relevant_passages_and_cites_only_those(
        runner, new_bot, client: AtelierClient, stub: OpenAIStub) -> None:
    from atelier_proto import agent_pb2 as apb

    dataset_id = await client.create_dataset(f"rivers-{bot_suffix()}")
    rivers = ["Danube", "Rhine", "Elbe", "Oder", "Vistula", "Loire"]
    docs = [await client.create_text_document(dataset_id, f"river-{name.lower()}",
                                              f"The {name} river crosses Europe. " + "It carries boats. " * 3)
            for name in rivers]
    await client.wait_documents([d["document_id"] for d in docs])
    bot = await new_bot(model_info={"model_id": SMALL_CONTEXT_MODEL_ID, "short_memory_policy": {"history_round": 50}},
                        knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0, "top_k": 6})
    stub.script({"content": "It crosses Europe [1]. So does another [6]."})
    history = [apb.ExecuteHistoryMessage(role=m["role"], type=m["type"], content=m["content"] + " filler" * 20)
               for m in _history(3)]
    events = await runner.run(bot, "Which river crosses Europe, the Danube?", history=history)
    recalled = json.loads(next(e.content for e in events if e.type == "knowledge"))
    assert len(recalled) == 6
    trimmed = json.loads(json.loads(next(e.content for e in events if e.type == "verbose"))["data"])
    assert trimmed["history_rounds_dropped"] == 3 and 0 < trimmed["knowledge_dropped"] < 6  # history first
    messages = sent(stub)
    assert messages[-1] == {"role": "user", "content": "Which river crosses Europe, the Danube?"}
    assert len(messages) == 2  # the system prompt and the question
    system = messages[0]["content"]
    assert "[1] Source: river-" in system and "[6] Source:" not in system  # the least relevant went
    cited = json.loads(next(e.content for e in events if e.type == "citations"))
    assert cited["text"] == "It crosses Europe [1]. So does another."  # [6] was not given to the model
    assert [s["id"] for s in cited["sources"]] == ["1"]
    assert cited["sources"][0]["document_id"] == recalled[0]["document_id"]
