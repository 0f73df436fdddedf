"""Workflows as an agent's tools, through the gateway on real processes (gateway, agent, conversation,
plugin, workflow) with the suite's scripted model: the model sees each bound workflow as a tool whose
schema is the workflow's Start inputs; a call runs the published workflow with the model's arguments
and the model answers from its result; a workflow that answers text ends the turn with that text (the
model is not asked again); a workflow that asks a question stops the chat with the question, and the
user's next message answers it, the workflow run carries on and the turn goes on."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import ApiError, AtelierClient
from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, concat, edge, entry, exit_, node, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]

CHAT = "/v1/chat/completions"


@pytest.fixture
async def client(chat_stack: KnowledgeStack, stub: OpenAIStub) -> AsyncIterator[AtelierClient]:
    async with chat_stack.client() as api:
        yield api


async def workflow(client: AtelierClient, name: str, doc: dict[str, Any], *, desc: str, publish: bool = True) -> str:
    async def call(route: str, **body: Any) -> dict[str, Any]:
        return await client.call(f"/api/workflow_api/{route}", {"space_id": client.space_id, **body})

    workflow_id = (await call("create", name=name, desc=desc))["data"]["workflow_id"]
    commit = (await call("canvas", workflow_id=workflow_id))["data"]["vcs_data"]["submit_commit_id"]
    await call("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
    if publish:
        await call("publish", workflow_id=workflow_id, force=True)
    return workflow_id


async def bot(client: AtelierClient, **bot_info: Any) -> str:
    created = await client.call("/api/draftbot/create", {"space_id": client.space_id,
                                                        "name": f"bot-{uuid.uuid4().hex[:8]}"})
    bot_id = created["data"]["bot_id"]
    await client.call("/api/playground_api/draftbot/update_draft_bot_info",
                      {"bot_info": {"bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID}, **bot_info}})
    await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot_id})
    return bot_id


def unique(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:6]}"


def forecast_canvas(*, text: bool = False) -> dict[str, Any]:
    """Start(city: required string, days: integer) -> "Sunny in {{city}} for {{days}} days" -> End."""
    start = entry(out("city", required=True, description="the city to forecast"),
                  out("days", "integer", description="how many days ahead"))
    forecast = concat("f", "Sunny in {{city}} for {{days}} days", param("city", ref(ENTRY_ID, "city")),
                      param("days", ref(ENTRY_ID, "days", "integer")))
    end = exit_(param("forecast", ref("f", "output")), text="Forecast: {{forecast}}" if text else None)
    return {"nodes": [start, forecast, end], "edges": chain(ENTRY_ID, "f", EXIT_ID)}


def question_canvas() -> dict[str, Any]:
    """Start(name) -> QuestionAnswer "Hi {{name}}, which city?" -> "{{name}} lives in {{city}}" -> End(reply)."""
    return {"nodes": [
        entry(out("name", required=True)),
        node("qa", 18, {"inputParameters": [param("name", ref(ENTRY_ID, "name"))],
                        "question": "Hi {{name}}, which city?", "answer_type": "text"},
             [out("USER_RESPONSE")], title="Ask"),
        concat("reply", "{{name}} lives in {{city}}", param("name", ref(ENTRY_ID, "name")),
               param("city", ref("qa", "USER_RESPONSE"))),
        exit_(param("reply", ref("reply", "output")))], "edges": chain(ENTRY_ID, "qa", "reply", EXIT_ID)}


def names(events: list[tuple[str, Any]]) -> list[str]:
    return [n for n, _ in events if n != "conversation.message.delta"]


def completed(events: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    return [d for n, d in events if n == "conversation.message.completed"]


def of_type(messages: list[dict[str, Any]], type_: str) -> list[dict[str, Any]]:
    return [m for m in messages if m["type"] == type_]


def verbose(messages: list[dict[str, Any]], msg_type: str) -> list[dict[str, Any]]:
    found = []
    for m in of_type(messages, "verbose"):
        content = json.loads(m["content"])
        if content.get("msg_type") == msg_type:
            found.append(json.loads(content["data"]))
    return found


async def test_the_model_calls_a_bound_workflow_and_answers_from_its_result(client: AtelierClient,
                                                                           stub: OpenAIStub) -> None:
    name = unique("forecast")
    workflow_id = await workflow(client, name, forecast_canvas(), desc="Weather forecast for a city")
    agent = await bot(client, workflow_info_list=[{"workflow_id": workflow_id}])
    stub.script({"content": "", "tool_calls": [{"name": name, "arguments": {"city": "Paris", "days": 3}}]},
                {"content": "It will be sunny in Paris."})
    before = len(stub.requests(CHAT))

    events = await client.chat(agent, "Weather in Paris for 3 days?")
    assert names(events)[-2:] == ["conversation.chat.completed", "done"], names(events)

    first, second = stub.requests(CHAT)[before:]
    [tool] = [t["function"] for t in first["json"]["tools"] if t["function"]["name"] == name]
    assert tool["description"] == "Weather forecast for a city"
    assert tool["parameters"] == {"type": "object", "required": ["city"], "properties": {
        "city": {"type": "string", "description": "the city to forecast"},
        "days": {"type": "integer", "description": "how many days ahead"}}}
    # the workflow ran with the model's arguments; the model read its output
    result = second["json"]["messages"][-1]
    assert result["role"] == "tool"
    assert json.loads(result["content"]) == {"forecast": "Sunny in Paris for 3 days"}

    said = completed(events)
    [call] = of_type(said, "function_call")
    assert json.loads(call["content"])["name"] == name
    [response] = of_type(said, "tool_response")
    assert json.loads(response["content"]) == {"forecast": "Sunny in Paris for 3 days"}
    assert [a["content"] for a in of_type(said, "answer")] == ["It will be sunny in Paris."]
    [record] = verbose(said, "tool_call_record")
    assert record["kind"] == "workflow" and record["workflow_id"] == workflow_id
    assert record["outcome"] == "succeeded" and record["output"] == {"forecast": "Sunny in Paris for 3 days"}

    # the run is one of the workflow's runs, recorded for the bot
    history = await client.call("/v1/workflow/get_run_history",
                                {"workflow_id": workflow_id, "execute_id": record["execute_id"]}, method="GET")
    [run] = history["data"]
    assert run["execute_status"] == "Success" and run["bot_id"] == agent, run
    assert json.loads(run["input"]) == {"city": "Paris", "days": 3}
    assert json.loads(run["output"]) == {"forecast": "Sunny in Paris for 3 days"}


async def test_binding_a_workflow_that_is_not_there_is_refused(client: AtelierClient) -> None:
    agent = await bot(client)
    with pytest.raises(ApiError) as caught:
        await client.call("/api/playground_api/draftbot/update_draft_bot_info",
                          {"bot_info": {"bot_id": agent, "workflow_info_list": [{"workflow_id": "4242424242"}]}})
    assert caught.value.status == 404 and "workflow_info_list[0].workflow_id" in caught.value.msg
    with pytest.raises(ApiError) as caught:
        await client.call("/v1/bot/update", {"bot_id": agent, "workflow_id_list": {"ids": [{"id": "4242424242"}]}})
    assert caught.value.status == 404 and "workflow_id_list.ids[0].id" in caught.value.msg, caught.value.msg
    # a workflow of the space whose canvas cannot run is refused too, naming it
    broken = await workflow(client, unique("broken"), {"nodes": [entry(out("x"))], "edges": []}, desc="no end",
                            publish=False)
    with pytest.raises(ApiError) as caught:
        await client.call("/api/playground_api/draftbot/update_draft_bot_info",
                          {"bot_info": {"bot_id": agent, "workflow_info_list": [{"workflow_id": broken}]}})
    assert caught.value.status == 422 and f"workflow {broken} cannot be used" in caught.value.msg, caught.value.msg


async def test_a_workflow_answering_text_is_the_answer_without_asking_the_model_again(client: AtelierClient,
                                                                                    stub: OpenAIStub) -> None:
    name = unique("forecast_text")
    workflow_id = await workflow(client, name, forecast_canvas(text=True), desc="Weather forecast, as text")
    agent = await bot(client, workflow_info_list=[{"workflow_id": workflow_id}])
    stub.script({"content": "", "tool_calls": [{"name": name, "arguments": {"city": "Oslo", "days": 1}}]},
                {"content": "THE MODEL MUST NOT BE ASKED AGAIN"})
    before = len(stub.requests(CHAT))

    events = await client.chat(agent, "Weather in Oslo tomorrow?")
    assert names(events)[-2:] == ["conversation.chat.completed", "done"], names(events)
    assert len(stub.requests(CHAT)) == before + 1
    said = completed(events)
    assert [a["content"] for a in of_type(said, "answer")] == ["Forecast: Sunny in Oslo for 1 days"]
    [response] = of_type(said, "tool_response")
    assert response["content"] == "Forecast: Sunny in Oslo for 1 days"
    stub.reset()


async def test_a_workflow_question_is_answered_by_the_next_message(client: AtelierClient, stub: OpenAIStub) -> None:
    name = unique("where_do_you_live")
    workflow_id = await workflow(client, name, question_canvas(), desc="Finds out where someone lives")
    agent = await bot(client, workflow_info_list=[{"workflow_id": workflow_id}])
    stub.script({"content": "", "tool_calls": [{"name": name, "arguments": {"name": "Ada"}}]},
                {"content": "Noted: Ada lives in Paris."})
    before = len(stub.requests(CHAT))

    # The workflow asks: the chat stops with the question as the answer and an interrupt message.
    first = await client.chat(agent, "Remember where I live, I am Ada", user_id="ada")
    assert names(first)[-2:] == ["conversation.chat.requires_action", "done"], names(first)
    said = completed(first)
    assert [a["content"] for a in of_type(said, "answer")] == ["Hi Ada, which city?"]
    [interrupt] = verbose(said, "interrupt")
    assert interrupt["interrupt_type"] == 2 and interrupt["reason"] == "workflow_question"
    [waiting] = interrupt["tool_calls"]
    assert waiting["workflow_id"] == workflow_id and waiting["node_title"] == "Ask"
    assert not of_type(said, "tool_response")
    assert len(stub.requests(CHAT)) == before + 1
    chat = first[0][1]

    # The next message answers it: the run carries on, its result goes to the model, the turn ends.
    second = await client.chat(agent, "Paris", user_id="ada", conversation_id=chat["conversation_id"])
    assert names(second)[-2:] == ["conversation.chat.completed", "done"], names(second)
    said = completed(second)
    [response] = of_type(said, "tool_response")
    assert json.loads(response["content"]) == {"reply": "Ada lives in Paris"}
    assert [a["content"] for a in of_type(said, "answer")] == ["Noted: Ada lives in Paris."]
    requests = stub.requests(CHAT)[before:]
    assert len(requests) == 2
    messages = requests[-1]["json"]["messages"]
    assert messages[-1]["role"] == "tool" and json.loads(messages[-1]["content"]) == {"reply": "Ada lives in Paris"}
    assert messages[-2]["tool_calls"][0]["function"]["name"] == name
    # the same run answered: one run of the workflow, finished
    [record] = verbose(said, "tool_call_record")
    assert record["execute_id"] == waiting["execute_id"] and record["outcome"] == "succeeded"

    # A later message is an ordinary turn again (nothing waits any more).
    stub.script({"content": "Hello again."})
    third = await client.chat(agent, "Hi", user_id="ada", conversation_id=chat["conversation_id"])
    assert [a["content"] for a in of_type(completed(third), "answer")] == ["Hello again."]


async def test_an_output_submitted_for_the_waiting_call_answers_the_question_too(client: AtelierClient,
                                                                                stub: OpenAIStub) -> None:
    name = unique("where_do_you_live")
    workflow_id = await workflow(client, name, question_canvas(), desc="Finds out where someone lives")
    agent = await bot(client, workflow_info_list=[{"workflow_id": workflow_id}])
    stub.script({"content": "", "tool_calls": [{"name": name, "arguments": {"name": "Bo"}}]},
                {"content": "Bo lives in Lima."})
    first = await client.chat(agent, "I am Bo", user_id="bo")
    assert names(first)[-2:] == ["conversation.chat.requires_action", "done"], names(first)
    [call] = first[-2][1]["required_action"]["submit_tool_outputs"]["tool_calls"]
    chat = first[0][1]

    query = f"?conversation_id={chat['conversation_id']}&chat_id={chat['id']}"
    resumed = [(n, d if d == '"[DONE]"' else json.loads(d)) async for n, d in client.sse(
        "/v3/chat/submit_tool_outputs" + query,
        {"tool_outputs": [{"tool_call_id": call["id"], "output": "Lima"}], "stream": True})]
    assert names(resumed)[-2:] == ["conversation.chat.completed", "done"], names(resumed)
    said = completed(resumed)
    [response] = of_type(said, "tool_response")
    assert json.loads(response["content"]) == {"reply": "Bo lives in Lima"}
    assert [a["content"] for a in of_type(said, "answer")] == ["Bo lives in Lima."]


def recall_canvas() -> dict[str, Any]:
    """Start(question) -> LLM with the conversation's last 2 rounds -> End(answer)."""
    def named(name: str, value: dict[str, Any]) -> dict[str, Any]:
        return {"name": name, "input": value}

    def literal(value: Any, type_: str = "string") -> dict[str, Any]:
        return {"type": type_, "value": {"type": "literal", "content": value}}

    llm = node("llm", 3, {"inputParameters": [param("question", ref(ENTRY_ID, "question"))], "llmParam": [
        named("modelType", literal(STUB_MODEL_ID, "integer")), named("prompt", literal("{{question}}")),
        named("systemPrompt", literal("")), named("responseFormat", literal("0", "integer")),
        named("enableChatHistory", literal(True, "boolean")), named("chatHistoryRound", literal("2", "integer"))]},
        [out("output")], title="LLM")
    return {"nodes": [entry(out("question", required=True)), llm, exit_(param("answer", ref("llm", "output")))],
            "edges": chain(ENTRY_ID, "llm", EXIT_ID)}


async def test_the_workflow_reads_the_conversation_so_far(client: AtelierClient, stub: OpenAIStub) -> None:
    name = unique("recall")
    workflow_id = await workflow(client, name, recall_canvas(), desc="Answers from the conversation")
    agent = await bot(client, workflow_info_list=[{"workflow_id": workflow_id}])
    stub.script({"content": "Cats are great."})
    first = await client.chat(agent, "Tell me about cats", user_id="cy")
    conversation_id = first[0][1]["conversation_id"]

    stub.script({"content": "", "tool_calls": [{"name": name, "arguments": {"question": "What was the topic?"}}]},
                {"content": "The topic was cats."},  # the workflow's LLM node
                {"content": "We talked about cats."})
    before = len(stub.requests(CHAT))
    second = await client.chat(agent, "What did we talk about?", user_id="cy", conversation_id=conversation_id)
    assert names(second)[-2:] == ["conversation.chat.completed", "done"], names(second)
    _agent, node_request, _answer = stub.requests(CHAT)[before:]
    sent = [(m["role"], m["content"]) for m in node_request["json"]["messages"] if m["role"] != "system"]
    assert sent == [("user", "Tell me about cats"), ("assistant", "Cats are great."), ("user", "What was the topic?")]
    [response] = of_type(completed(second), "tool_response")
    assert json.loads(response["content"]) == {"answer": "The topic was cats."}


async def test_a_draft_chat_runs_the_workflow_draft_and_a_published_one_needs_a_published_workflow(
        client: AtelierClient, stub: OpenAIStub) -> None:
    name = unique("forecast_draft")
    workflow_id = await workflow(client, name, forecast_canvas(), desc="Weather", publish=False)
    agent = await bot(client, workflow_info_list=[{"workflow_id": workflow_id}])

    # published agent: the workflow has no published version, so no tool, and the chat says why
    stub.script({"content": "I cannot look that up."})
    before = len(stub.requests(CHAT))
    events = await client.chat(agent, "Weather in Rome?")
    [request] = stub.requests(CHAT)[before:]
    assert name not in [t["function"]["name"] for t in request["json"].get("tools") or []]
    [problem] = verbose(completed(events), "workflow_tools_unavailable")
    assert workflow_id in problem["problems"][0] and "not published" in problem["problems"][0]

    # console (draft) chat: the agent's draft runs the workflow's draft
    conversation = (await client.call("/v1/conversation/create", {"bot_id": agent}))["data"]
    stub.script({"content": "", "tool_calls": [{"name": name, "arguments": {"city": "Rome", "days": 2}}]},
                {"content": "Sunny in Rome."})
    body = {"bot_id": agent, "conversation_id": conversation["id"], "query": "Weather in Rome?", "draft_mode": True}
    console = [(n, json.loads(d) if d else d) async for n, d in client.sse("/api/conversation/chat", body)]
    finished = [d["message"] for n, d in console if n == "message" and d["is_finish"]]
    [response] = of_type(finished, "tool_response")
    assert json.loads(response["content"]) == {"forecast": "Sunny in Rome for 2 days"}


async def test_an_option_question_is_shown_as_a_card_and_the_next_message_picks_an_option(
        client: AtelierClient, stub: OpenAIStub) -> None:
    name = unique("pick_a_colour")
    doc = {"nodes": [
        entry(out("who")),
        node("qa", 18, {"inputParameters": [], "question": "Which colour?", "answer_type": "option",
                        "option_type": "static", "options": [{"name": "Red"}, {"name": "Blue"}]},
             [out("optionId"), out("optionContent")], title="Pick"),
        exit_(param("id", ref("qa", "optionId")), param("colour", ref("qa", "optionContent")))],
        "edges": [*chain(ENTRY_ID, "qa"), *(edge("qa", EXIT_ID, port) for port in ("branch_0", "branch_1", "default"))]}
    workflow_id = await workflow(client, name, doc, desc="Asks for a colour")
    agent = await bot(client, workflow_info_list=[{"workflow_id": workflow_id}])
    stub.script({"content": "", "tool_calls": [{"name": name, "arguments": {"who": "Di"}}]},
                {"content": "Blue it is."})
    first = await client.chat(agent, "Pick a colour for me", user_id="di")
    assert names(first)[-2:] == ["conversation.chat.requires_action", "done"], names(first)
    [card] = of_type(completed(first), "answer")
    assert card["content_type"] == "card"
    assert json.loads(card["content"])["content"] == {"question": "Which colour?",
                                                      "options": [{"name": "Red"}, {"name": "Blue"}]}
    second = await client.chat(agent, "Blue", user_id="di", conversation_id=first[0][1]["conversation_id"])
    [response] = of_type(completed(second), "tool_response")
    assert json.loads(response["content"]) == {"id": "B", "colour": "Blue"}
    assert [a["content"] for a in of_type(completed(second), "answer")] == ["Blue it is."]


async def test_an_input_form_is_a_card_and_the_next_message_fills_it(client: AtelierClient, stub: OpenAIStub) -> None:
    name = unique("sign_up")
    doc = {"nodes": [
        entry(out("plan")),
        node("form", 30, {"inputParameters": []}, [out("email", required=True), out("seats", "integer")],
             title="Your details"),
        exit_(param("email", ref("form", "email")), param("seats", ref("form", "seats", "integer")))],
        "edges": chain(ENTRY_ID, "form", EXIT_ID)}
    workflow_id = await workflow(client, name, doc, desc="Signs someone up")
    agent = await bot(client, workflow_info_list=[{"workflow_id": workflow_id}])
    stub.script({"content": "", "tool_calls": [{"name": name, "arguments": {"plan": "team"}}]},
                {"content": "Signed up."})
    first = await client.chat(agent, "Sign me up", user_id="ed")
    said = completed(first)
    [card] = of_type(said, "answer")
    assert card["content_type"] == "card" and json.loads(card["content"])["content_type"] == "form_schema"
    [interrupt] = verbose(said, "interrupt")
    assert interrupt["interrupt_type"] == 5 and interrupt["tool_calls"][0]["node_title"] == "Your details"

    second = await client.chat(agent, json.dumps({"email": "ed@example.com", "seats": "3"}), user_id="ed",
                               conversation_id=first[0][1]["conversation_id"])
    [response] = of_type(completed(second), "tool_response")
    assert json.loads(response["content"]) == {"email": "ed@example.com", "seats": 3}


async def test_a_failing_workflow_tells_the_model_why(client: AtelierClient, stub: OpenAIStub) -> None:
    name = unique("forecast")
    workflow_id = await workflow(client, name, forecast_canvas(), desc="Weather forecast for a city")
    agent = await bot(client, workflow_info_list=[{"workflow_id": workflow_id}])
    stub.script({"content": "", "tool_calls": [{"name": name, "arguments": {"days": 1}}]},  # no city
                {"content": "I need a city."})
    before = len(stub.requests(CHAT))
    events = await client.chat(agent, "Weather?")
    assert names(events)[-2:] == ["conversation.chat.completed", "done"], names(events)
    last = stub.requests(CHAT)[before:][-1]["json"]["messages"][-1]
    assert last["role"] == "tool" and last["content"].startswith(f"error: the workflow {name} failed")
    assert "the run input city is required" in last["content"]
    [record] = verbose(completed(events), "tool_call_record")
    assert record["outcome"] == "failed" and "the run input city is required" in record["error"]
    assert [a["content"] for a in of_type(completed(events), "answer")] == ["I need a city."]
