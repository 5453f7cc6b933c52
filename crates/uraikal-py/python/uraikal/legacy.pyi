from typing import Literal, TypedDict, Union

class EncodingInfo(TypedDict):
    name: str
    aliases: list[str]
    kind: Literal["font", "charset", "romanisation"]

class Run(TypedDict):
    start: int
    end: int
    encoding: str

class Detection(TypedDict):
    encoding: Union[str, None]
    confidence: float
    runs: list[Run]

def encodings() -> list[EncodingInfo]: ...
def decode(text: str, encoding: str) -> str: ...
def encode(text: str, encoding: str, lossy: bool = False) -> str: ...
def detect(text: str) -> Union[Detection, list[Detection]]: ...
